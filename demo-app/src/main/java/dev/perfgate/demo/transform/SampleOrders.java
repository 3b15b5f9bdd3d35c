package dev.perfgate.demo.transform;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.json.JsonMapper;

/** Builds the JSON document every transform request parses, so the work per request is the same. */
final class SampleOrders {

    private static final String[] CATEGORIES = {"books", "games", "garden", "kitchen", "music"};

    private SampleOrders() {
    }

    static String json(JsonMapper mapper, int lineCount) {
        List<Order.Line> lines = new ArrayList<>(lineCount);
        for (int i = 0; i < lineCount; i++) {
            lines.add(new Order.Line("sku-" + (1000 + i), "Demo article number " + i + " in a plain box",
                    CATEGORIES[i % CATEGORIES.length], 1 + i % 7, BigDecimal.valueOf(199 + 37L * i, 2)));
        }
        return mapper.writeValueAsString(new Order("order-42", "ACME Corporation", "EUR", lines));
    }
}

package dev.perfgate.demo.transform;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** The outgoing document the transform writes. */
record Invoice(String orderId, String customer, String currency, List<Line> lines,
        Map<String, BigDecimal> totalsByCategory, BigDecimal total) {

    record Line(String sku, String description, int quantity, BigDecimal amount) {
    }
}

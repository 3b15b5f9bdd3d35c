package dev.perfgate.demo.lookup;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** The "database": products by id, built once at start-up. */
class ProductIndex {

    private static final String[] CATEGORIES = {"books", "games", "garden", "kitchen", "music"};

    private final Map<Long, Product> byId;

    ProductIndex(int size) {
        Map<Long, Product> products = new HashMap<>(size * 2);
        for (long id = 1; id <= size; id++) {
            products.put(id, new Product(id, "Product " + id, CATEGORIES[(int) (id % CATEGORIES.length)],
                    BigDecimal.valueOf(100 + id * 7 % 10_000, 2), (int) (id * 13 % 500)));
        }
        this.byId = Map.copyOf(products);
    }

    /** The product with this id, if the table has one. */
    Optional<Product> find(long id) {
        return Optional.ofNullable(byId.get(id));
    }

    int size() {
        return byId.size();
    }
}

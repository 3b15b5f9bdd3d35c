package dev.perfgate.demo.lookup;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The "database" and its cache: products by id, built once at start-up, in front of the {@link ProductStore}. With the
 * cache regression on (Hibernate's second-level cache switched off), every lookup reads its page from the store.
 */
class ProductIndex {

    private static final String[] CATEGORIES = {"books", "games", "garden", "kitchen", "music"};

    private final Map<Long, Product> byId;
    private final ProductStore store;
    private final BooleanSupplier cacheOff;

    ProductIndex(int size) {
        this(size, 1, () -> false);
    }

    ProductIndex(int size, int pageSize, BooleanSupplier cacheOff) {
        Map<Long, Product> products = new HashMap<>(size * 2);
        for (long id = 1; id <= size; id++) {
            products.put(id, new Product(id, "Product " + id, CATEGORIES[(int) (id % CATEGORIES.length)],
                    BigDecimal.valueOf(100 + id * 7 % 10_000, 2), (int) (id * 13 % 500)));
        }
        this.byId = Map.copyOf(products);
        this.store = new ProductStore(byId.values(), pageSize);
        this.cacheOff = cacheOff;
    }

    /** The product with this id, if the table has one. */
    Optional<Product> find(long id) {
        return cacheOff.getAsBoolean() ? store.read(id) : Optional.ofNullable(byId.get(id));
    }

    int size() {
        return byId.size();
    }
}

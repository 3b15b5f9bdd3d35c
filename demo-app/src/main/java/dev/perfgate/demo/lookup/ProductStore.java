package dev.perfgate.demo.lookup;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import tools.jackson.databind.json.JsonMapper;

/**
 * The product table as a document store keeps it: pages of rows, each page a JSON document. Reading a row maps its
 * whole page, as an ORM loads and hydrates a result set: the cost spreads over the JSON library's many frames.
 * {@link ProductIndex} is the cache in front of it.
 */
class ProductStore {

    private final JsonMapper json = JsonMapper.builder().build();
    private final List<String> pages = new ArrayList<>();
    private final int pageSize;

    ProductStore(Collection<Product> products, int pageSize) {
        if (pageSize < 1) {
            throw new IllegalArgumentException("page size must be at least 1, was " + pageSize);
        }
        this.pageSize = pageSize;
        List<Product> rows = products.stream().sorted(Comparator.comparingLong(Product::id)).toList();
        for (int from = 0; from < rows.size(); from += pageSize) {
            pages.add(json.writeValueAsString(rows.subList(from, Math.min(rows.size(), from + pageSize))));
        }
    }

    /** The row with this id (ids 1..N), read from its page. */
    Optional<Product> read(long id) {
        long page = (id - 1) / pageSize;
        if (id < 1 || page >= pages.size()) {
            return Optional.empty();
        }
        for (Product product : json.readValue(pages.get((int) page), Product[].class)) {
            if (product.id() == id) {
                return Optional.of(product);
            }
        }
        return Optional.empty();
    }
}

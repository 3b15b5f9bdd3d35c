package dev.perfgate.demo.lookup;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;

import tools.jackson.databind.json.JsonMapper;

/**
 * The product table as a document store keeps it: pages of rows, each page a JSON document. Reading a row maps its
 * whole page, as an ORM loads and hydrates a result set: the cost spreads over the JSON library's many frames.
 * {@link ProductIndex} is the cache in front of it.
 *
 * <p>A store serves a few reads at once, as a JPA application's connection pool does: a read holds one of
 * {@link #CONNECTIONS} connections while it maps its page (about 10 MB of objects for a page of 50,000 rows). Without
 * the bound, lookups on a slow machine piled up under the load test's arrivals until the 256 MB heap ran out (a busy
 * CI machine, both cores taken: 45 OutOfMemoryErrors and every later request timed out); with it, they wait for a
 * connection instead, as they would for a database's.
 */
class ProductStore {

    /** Reads mapped at once; on an idle machine the demo's load has about one lookup in flight, so it rarely waits. */
    static final int CONNECTIONS = 4;

    private final JsonMapper json = JsonMapper.builder().build();
    private final List<String> pages = new ArrayList<>();
    private final int pageSize;
    private final Semaphore connections;

    ProductStore(Collection<Product> products, int pageSize) {
        this(products, pageSize, new Semaphore(CONNECTIONS, true));
    }

    ProductStore(Collection<Product> products, int pageSize, Semaphore connections) {
        this.connections = connections;
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
        connections.acquireUninterruptibly();
        try {
            for (Product product : json.readValue(pages.get((int) page), Product[].class)) {
                if (product.id() == id) {
                    return Optional.of(product);
                }
            }
            return Optional.empty();
        } finally {
            connections.release();
        }
    }
}

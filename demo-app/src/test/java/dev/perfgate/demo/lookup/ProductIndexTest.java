package dev.perfgate.demo.lookup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

class ProductIndexTest {

    @Test
    void shouldFindTheSameProductsWithTheCacheOnOrOff() {
        // Given a table of 250 products in pages of 100, and the cache regression switch
        AtomicBoolean cacheOff = new AtomicBoolean(false);
        ProductIndex index = new ProductIndex(250, 100, cacheOff::get);

        // When a product is looked up from the cache, then from its page in the store
        Product cached = index.find(201).orElseThrow();
        cacheOff.set(true);
        Product stored = index.find(201).orElseThrow();

        // Then both are the same row (page 3 of 3, mapped from JSON), and ids outside the table are not found
        assertThat(stored).isEqualTo(cached);
        assertThat(stored.name()).isEqualTo("Product 201");
        assertThat(index.find(0)).isEmpty();
        assertThat(index.find(251)).isEmpty();
    }

    @Test
    void shouldReadEveryRowOfAPageFromTheStore() {
        // Given a store of 10 products in pages of 4 (the last page half full)
        ProductIndex cache = new ProductIndex(10);
        ProductStore store = new ProductStore(java.util.stream.LongStream.rangeClosed(1, 10)
                .mapToObj(id -> cache.find(id).orElseThrow()).toList(), 4);

        // When / Then
        for (long id = 1; id <= 10; id++) {
            assertThat(store.read(id)).as("product %d", id).isEqualTo(cache.find(id));
        }
        assertThat(store.read(11)).isEmpty();
        assertThatThrownBy(() -> new ProductStore(List.of(), 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldReadAPageOnlyWithAFreeConnection() throws Exception {
        // Given a store whose connections are all taken
        Product product = new ProductIndex(3).find(2).orElseThrow();
        Semaphore connections = new Semaphore(0);
        ProductStore store = new ProductStore(List.of(product), 10, connections);

        // When a lookup reads its page
        CompletableFuture<Optional<Product>> read = CompletableFuture.supplyAsync(() -> store.read(2));

        // Then it waits until a connection is given back, then reads and gives it back
        assertThat(read).as("a read without a free connection").isNotDone();
        Thread.sleep(100);
        assertThat(read).as("a read without a free connection").isNotDone();
        connections.release();
        assertThat(read.get(10, TimeUnit.SECONDS)).contains(product);
        assertThat(connections.availablePermits()).isEqualTo(1);
    }
}

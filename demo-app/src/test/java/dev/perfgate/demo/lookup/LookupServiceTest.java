package dev.perfgate.demo.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LookupServiceTest {

    private final ProductIndex index = new ProductIndex(100);

    @Test
    void shouldFindAProductAndEncodeItTheSameWayWithEitherBuffer() {
        LookupService pooled = new LookupService(index, new BufferArena(() -> false, 1 << 20));
        LookupService unpooled = new LookupService(index, new BufferArena(() -> true, 1 << 20));

        LookupService.LookupResult fromPool = pooled.lookup(42).orElseThrow();
        LookupService.LookupResult fromChunk = unpooled.lookup(42).orElseThrow();

        assertThat(fromPool.product().name()).isEqualTo("Product 42");
        assertThat(fromPool.unpooledBuffer()).isFalse();
        assertThat(fromChunk.unpooledBuffer()).isTrue();
        assertThat(fromChunk.checksum()).isEqualTo(fromPool.checksum());
    }

    @Test
    void shouldFindNothingOutsideTheTable() {
        LookupService service = new LookupService(index, new BufferArena(() -> false, 1024));

        assertThat(service.lookup(0)).isEmpty();
        assertThat(service.lookup(101)).isEmpty();
        assertThat(index.size()).isEqualTo(100);
    }
}

package dev.perfgate.demo.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

class BufferArenaTest {

    @Test
    void shouldReuseOneClearedHeapBufferPerThreadWhenPooled() {
        BufferArena arena = new BufferArena(() -> false, 1 << 20);

        ByteBuffer first = arena.acquire();
        first.putLong(7);
        arena.release(first);
        ByteBuffer second = arena.acquire();

        assertThat(second).isSameAs(first);
        assertThat(second.isDirect()).isFalse();
        assertThat(second.position()).as("cleared").isZero();
    }

    @Test
    void shouldAllocateAFreshDirectChunkPerRequestWithTheRegression() {
        BufferArena arena = new BufferArena(() -> true, 1 << 20);

        ByteBuffer first = arena.acquire();
        ByteBuffer second = arena.acquire();

        assertThat(first.isDirect()).isTrue();
        assertThat(first.capacity()).isEqualTo(1 << 20);
        assertThat(second).isNotSameAs(first);
        arena.release(first);
        arena.release(second);
    }
}

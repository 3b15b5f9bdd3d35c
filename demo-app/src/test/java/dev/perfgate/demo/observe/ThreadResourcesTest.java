package dev.perfgate.demo.observe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ThreadResourcesTest {

    @Test
    void shouldCountTheBytesTheCurrentThreadAllocates() {
        ThreadResources resources = new ThreadResources();
        ThreadResources.Usage start = resources.current();

        byte[] megabyte = new byte[1 << 20];
        ThreadResources.Usage used = resources.current().since(start);

        assertThat(resources.supported()).isTrue();
        assertThat(megabyte).hasSize(1 << 20);
        assertThat(used.allocatedBytes()).isGreaterThanOrEqualTo(1 << 20);
        assertThat(used.cpuNanos()).isNotNegative();
    }
}

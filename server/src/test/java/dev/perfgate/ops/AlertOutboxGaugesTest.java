package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.StaticApplicationContext;

class AlertOutboxGaugesTest {

    record Stats(long pending, long failed) implements AlertOutboxStats {
    }

    @Test
    void shouldKeepReadingTheOutboxAfterAGarbageCollection() {
        StaticApplicationContext context = new StaticApplicationContext();
        context.getBeanFactory().registerSingleton("outbox", new Stats(3, 1));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new AlertOutboxGauges(context.getBeanProvider(AlertOutboxStats.class), registry);

        for (int i = 0; i < 3; i++) {
            System.gc();
        }

        assertThat(registry.get("perfgate.alert.outbox.pending").gauge().value()).isEqualTo(3.0);
        assertThat(registry.get("perfgate.alert.outbox.failed").gauge().value()).isEqualTo(1.0);
    }

    @Test
    void shouldReadNaNWithoutAnOutbox() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new AlertOutboxGauges(new StaticApplicationContext().getBeanProvider(AlertOutboxStats.class), registry);

        assertThat(registry.get("perfgate.alert.outbox.pending").gauge().value()).isNaN();
    }
}

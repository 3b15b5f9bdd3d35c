package dev.perfgate.ops;

import java.util.function.ToLongFunction;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/** Exports the alert outbox's backlog and failures from the {@link AlertOutboxStats} bean, if there is one. */
@Component
class AlertOutboxGauges {

    AlertOutboxGauges(ObjectProvider<AlertOutboxStats> stats, MeterRegistry registry) {
        register(registry, stats, "perfgate.alert.outbox.pending", "Alerts waiting in the outbox", AlertOutboxStats::pending);
        register(registry, stats, "perfgate.alert.outbox.failed", "Alerts given up on", AlertOutboxStats::failed);
    }

    private static void register(MeterRegistry registry, ObjectProvider<AlertOutboxStats> stats, String name,
            String description, ToLongFunction<AlertOutboxStats> value) {
        // strongly: a gauge holds its object weakly, and nothing else holds the provider, so after a GC the gauges
        // read NaN (the dashboard's outbox panel went blank; AlertLifecycleIT saw it)
        Gauge.builder(name, stats, provider -> read(provider, value)).description(description).strongReference(true)
                .register(registry);
    }

    static double read(ObjectProvider<AlertOutboxStats> provider, ToLongFunction<AlertOutboxStats> value) {
        AlertOutboxStats stats = provider.getIfAvailable();
        if (stats == null) {
            return Double.NaN;
        }
        try {
            return value.applyAsLong(stats);
        } catch (RuntimeException storeDown) {
            return Double.NaN;
        }
    }
}

package dev.perfgate.alert;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * Alert metrics for Prometheus: {@code perfgate_alerts_pending} (undelivered alerts in the store, counted at each
 * scrape so a stuck sender shows), and this instance's {@code perfgate_alerts_sent_total},
 * {@code perfgate_alerts_retries_total} and {@code perfgate_alerts_failed_total}.
 */
@Component
class AlertMetrics {

    private final Counter sent;
    private final Counter retries;
    private final Counter failed;

    AlertMetrics(MeterRegistry registry, AlertOutbox outbox) {
        Gauge.builder("perfgate.alerts.pending", outbox, AlertMetrics::open)
                .description("Alerts waiting to be delivered (pending or being sent)").register(registry);
        sent = Counter.builder("perfgate.alerts.sent").description("Alerts delivered").register(registry);
        retries = Counter.builder("perfgate.alerts.retries").description("Failed attempts that will be retried")
                .register(registry);
        failed = Counter.builder("perfgate.alerts.failed").description("Alerts given up (status FAILED)")
                .register(registry);
    }

    private static double open(AlertOutbox outbox) {
        try {
            return outbox.pending();
        } catch (RuntimeException storeDown) {
            return Double.NaN;
        }
    }

    void sent() {
        sent.increment();
    }

    void retried() {
        retries.increment();
    }

    void failed() {
        failed.increment();
    }
}

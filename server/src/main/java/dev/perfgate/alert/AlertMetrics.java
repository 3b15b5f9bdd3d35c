package dev.perfgate.alert;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * This instance's alert counters for Prometheus: {@code perfgate_alerts_sent_total}, {@code perfgate_alerts_retries_total}
 * and {@code perfgate_alerts_failed_total}. The outbox's backlog in the store is {@code perfgate_alert_outbox_pending}
 * (ops/AlertOutboxGauges, from {@link AlertOutbox}).
 */
@Component
class AlertMetrics {

    private final Counter sent;
    private final Counter retries;
    private final Counter failed;

    AlertMetrics(MeterRegistry registry) {
        sent = Counter.builder("perfgate.alerts.sent").description("Alerts delivered").register(registry);
        retries = Counter.builder("perfgate.alerts.retries").description("Failed attempts that will be retried")
                .register(registry);
        failed = Counter.builder("perfgate.alerts.failed").description("Alerts given up (status FAILED)")
                .register(registry);
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

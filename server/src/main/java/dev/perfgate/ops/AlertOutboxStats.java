package dev.perfgate.ops;

/**
 * What the alert sender reports about its outbox, read at every scrape: implement it as a bean in
 * {@code alert/} and PerfGate exports {@code perfgate_alert_outbox_pending} and
 * {@code perfgate_alert_outbox_failed}. Both count outbox entries in the store, so every instance
 * reports the same value. Without such a bean the gauges read NaN ("no alerting here").
 */
public interface AlertOutboxStats {

    /** Alerts waiting to be sent, retries included. */
    long pending();

    /** Alerts given up on after their last attempt. */
    long failed();
}

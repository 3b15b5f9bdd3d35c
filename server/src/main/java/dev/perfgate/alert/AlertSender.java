package dev.perfgate.alert;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import lombok.RequiredArgsConstructor;

import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Posts due alerts from the outbox on its own thread: every poll interval, and at once when an alert is written.
 * Each alert is claimed with a lease, so an instance that dies mid-send loses it to another after the lease;
 * failures are retried with exponential backoff (or after Slack's {@code Retry-After}) until the give-up time,
 * then the alert is FAILED. Alerts left pending by a stopped PerfGate are sent after the next start.
 */
@Component
@RequiredArgsConstructor
class AlertSender {

    private static final Logger log = LoggerFactory.getLogger(AlertSender.class);
    private static final int BATCH = 50;

    private final AlertOutbox outbox;
    private final AlertSettings settings;
    private final Channels channels;
    private final AlertMetrics metrics;
    private final Clock clock;
    private final String owner = "perfgate-" + UUID.randomUUID();
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(
            r -> new Thread(r, "perfgate-alerts"));
    private final AtomicBoolean woken = new AtomicBoolean();
    private volatile boolean started;

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        outbox.ensureIndexes();
        long open = outbox.pending();
        if (open > 0) {
            log.info("Alerts: {} undelivered alert(s) in the outbox; sending them now", open);
        }
        started = true;
        long every = settings.pollInterval().toMillis();
        thread.scheduleWithFixedDelay(this::poll, 0, every, TimeUnit.MILLISECONDS);
    }

    /** Asks for a poll now (an alert was just written); a poll already asked for is enough. */
    void wake() {
        if (started && woken.compareAndSet(false, true)) {
            try {
                thread.execute(this::poll);
            } catch (java.util.concurrent.RejectedExecutionException stopping) {
                woken.set(false);
            }
        }
    }

    @PreDestroy
    void stop() throws InterruptedException {
        started = false;
        thread.shutdown();
        if (!thread.awaitTermination(settings.requestTimeout().toMillis() + 1000, TimeUnit.MILLISECONDS)) {
            thread.shutdownNow();
        }
        try {
            long released = outbox.release(owner, clock.instant());
            if (released > 0) {
                log.info("Alerts: handed back {} alert(s) being sent at shutdown", released);
            }
        } catch (RuntimeException storeGone) {
            log.warn("Alerts: could not hand back alerts at shutdown; their lease of {} ends them: {}",
                    settings.lease(), storeGone.toString());
        }
    }

    /** Sends every due alert (up to a batch); runs on the sender thread only. */
    void poll() {
        woken.set(false);
        try {
            for (int i = 0; i < BATCH && !Thread.currentThread().isInterrupted(); i++) {
                Optional<Alert> claimed = outbox.claim(clock.instant(), owner, settings.lease());
                if (claimed.isEmpty()) {
                    return;
                }
                process(claimed.get());
            }
        } catch (RuntimeException e) {
            log.error("Alerts: the outbox could not be read or updated: {}", e.toString());
        }
    }

    private void process(Alert alert) {
        Instant now = clock.instant();
        Route route = settings.route(alert.route());
        if (route == null) {
            giveUp(alert, null, "route '" + alert.route() + "' is no longer configured");
            return;
        }
        if (outbox.earlierOpen(alert)) {
            // a re-evaluation's update must not overtake the message it updates
            outbox.postpone(alert, owner, now.plus(settings.pollInterval()));
            return;
        }
        Delivery delivery = channels.of(route).deliver(route, alert.payload(), alert.id());
        String detail = route.scrub(delivery.detail());
        switch (delivery.outcome()) {
            case SENT -> {
                if (outbox.sent(alert, owner, clock.instant())) {
                    metrics.sent();
                    log.info("Alerts: sent {} to {} ({}, attempt {})", alert.headline(), route, detail, alert.attempts());
                } else {
                    log.warn("Alerts: sent {} to {} but its lease had ended; another instance may send it again",
                            alert.headline(), route.name());
                }
            }
            case REJECTED -> giveUp(alert, route, "rejected: " + detail);
            case RETRY -> retry(alert, route, delivery, detail);
        }
    }

    /** Another attempt later: after Retry-After when the endpoint said so, else after the backoff; the last at give-up time. */
    private void retry(Alert alert, Route route, Delivery delivery, String detail) {
        Instant now = clock.instant();
        String tried = alert.attempts() + " attempt(s) in " + settings.giveUpAfter() + "; last error: " + detail;
        if (!now.isBefore(alert.giveUpAt())) {
            giveUp(alert, route, "gave up after " + tried);
            return;
        }
        Duration wait = delivery.retryAfter() != null ? delivery.retryAfter() : settings.backoff(alert.attempts());
        Instant next = now.plus(wait);
        if (next.isAfter(alert.giveUpAt())) {
            if (delivery.retryAfter() != null) {
                giveUp(alert, route, "gave up: Retry-After " + wait + " ends after the give-up time; " + tried);
                return;
            }
            next = alert.giveUpAt();
        }
        outbox.retry(alert, owner, next, detail);
        metrics.retried();
        log.warn("Alerts: {} to {} failed (attempt {}): {}; next attempt in {}{}", alert.headline(), route,
                alert.attempts(), detail, Duration.between(now, next), delivery.retryAfter() != null ? " (Retry-After)" : "");
    }

    private void giveUp(Alert alert, Route route, String reason) {
        if (outbox.fail(alert, owner, reason)) {
            metrics.failed();
            log.error("Alerts: FAILED {} for route {}: {}. See GET /api/v1/alerts?status=failed", alert.headline(),
                    route == null ? alert.route() : route, reason);
        }
    }
}

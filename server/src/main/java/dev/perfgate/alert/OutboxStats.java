package dev.perfgate.alert;

import org.springframework.stereotype.Component;

import dev.perfgate.ops.AlertOutboxStats;

/** The outbox's backlog and failures for PerfGate's own metrics. */
@Component
class OutboxStats implements AlertOutboxStats {

    private final AlertOutbox outbox;

    OutboxStats(AlertOutbox outbox) {
        this.outbox = outbox;
    }

    @Override
    public long pending() {
        return outbox.open();
    }

    @Override
    public long failed() {
        return outbox.failed();
    }
}

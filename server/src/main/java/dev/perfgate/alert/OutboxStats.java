package dev.perfgate.alert;

import lombok.RequiredArgsConstructor;

import org.springframework.stereotype.Component;

import dev.perfgate.ops.AlertOutboxStats;

/** The outbox's backlog and failures for PerfGate's own metrics. */
@Component
@RequiredArgsConstructor
class OutboxStats implements AlertOutboxStats {

    private final AlertOutbox outbox;

    @Override
    public long pending() {
        return outbox.open();
    }

    @Override
    public long failed() {
        return outbox.failed();
    }
}

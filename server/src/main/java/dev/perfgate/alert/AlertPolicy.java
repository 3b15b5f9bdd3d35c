package dev.perfgate.alert;

import java.util.Optional;
import java.util.Set;

import dev.perfgate.check.CheckStatus;

/**
 * Whether a verdict raises an alert, and which. Written down as policy:
 * <ul>
 * <li>a run's first verdict alerts when its status is in send-on (FAIL, WARN, INCONCLUSIVE, INVALID);</li>
 * <li>a first PASS whose series' previous run FAILed is a RECOVERY, when send-on has recovery;</li>
 * <li>a re-evaluation with the same status sends nothing: one message per outcome of a run;</li>
 * <li>a re-evaluation that changes the status sends a CHANGED update when either status alerts, so a FAIL that was
 * announced is always taken back.</li>
 * </ul>
 */
final class AlertPolicy {

    /** What kind of message a verdict gets. */
    enum Kind {
        FAIL, WARN, INCONCLUSIVE, INVALID, RECOVERY, CHANGED
    }

    /** The alert to send: its kind, the verdict's status and the status it replaces (re-evaluation or recovery). */
    record Decision(Kind kind, CheckStatus status, CheckStatus from) {
    }

    private AlertPolicy() {
    }

    /**
     * @param status       the new verdict's status
     * @param sameRunFrom  the status of the run's verdict before this one, null on its first evaluation
     * @param previousRun  the latest status of the series' previous run, null when unknown or not needed
     */
    static Optional<Decision> decide(CheckStatus status, CheckStatus sameRunFrom, CheckStatus previousRun,
            Set<SendOn> sendOn) {
        if (sameRunFrom != null) {
            if (sameRunFrom == status || !(alerts(status, sendOn) || alerts(sameRunFrom, sendOn))) {
                return Optional.empty();
            }
            return Optional.of(new Decision(Kind.CHANGED, status, sameRunFrom));
        }
        if (alerts(status, sendOn)) {
            return Optional.of(new Decision(Kind.valueOf(status.name()), status, null));
        }
        if (status == CheckStatus.PASS && previousRun == CheckStatus.FAIL && sendOn.contains(SendOn.RECOVERY)) {
            return Optional.of(new Decision(Kind.RECOVERY, status, previousRun));
        }
        return Optional.empty();
    }

    /** Whether a first verdict with this status alerts. */
    static boolean alerts(CheckStatus status, Set<SendOn> sendOn) {
        return status != CheckStatus.PASS && sendOn.contains(SendOn.valueOf(status.name()));
    }

    /** Whether the series' previous run is needed to decide (a recovery can only follow a first PASS). */
    static boolean needsPreviousRun(CheckStatus status, CheckStatus sameRunFrom, Set<SendOn> sendOn) {
        return sameRunFrom == null && status == CheckStatus.PASS && sendOn.contains(SendOn.RECOVERY);
    }
}

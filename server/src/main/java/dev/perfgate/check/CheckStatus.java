package dev.perfgate.check;

/** The outcome of one check, and of a whole verdict (plus INVALID for a run unfit to judge). */
public enum CheckStatus {
    PASS, WARN, FAIL, INCONCLUSIVE, INVALID;

    /** The more serious of two outcomes of rules within one check. */
    static CheckStatus worse(CheckStatus a, CheckStatus b) {
        return a.severity() >= b.severity() ? a : b;
    }

    /** How serious the outcome is, from PASS (0) through WARN, INCONCLUSIVE and FAIL to INVALID (4). */
    public int severity() {
        return switch (this) {
            case PASS -> 0;
            case WARN -> 1;
            case INCONCLUSIVE -> 2;
            case FAIL -> 3;
            case INVALID -> 4;
        };
    }
}

package dev.perfgate.check;

/** The outcome of one check, and of a whole verdict (plus INVALID for a run unfit to judge). */
public enum CheckStatus {
    PASS, WARN, FAIL, INCONCLUSIVE, INVALID;

    /** The more serious of two outcomes of rules within one check. */
    static CheckStatus worse(CheckStatus a, CheckStatus b) {
        return rank(a) >= rank(b) ? a : b;
    }

    private static int rank(CheckStatus s) {
        return switch (s) {
            case PASS -> 0;
            case WARN -> 1;
            case INCONCLUSIVE -> 2;
            case FAIL -> 3;
            case INVALID -> 4;
        };
    }
}

package dev.perfgate.check;

/**
 * A check's value for a run, or why there is none. {@code implausible}: there was a reading, but it cannot be
 * real (a dead metric, an impossible number); {@code missing} then says what was read and why it cannot be.
 */
public record Measurement(Double value, String missing, boolean noBaseline, boolean implausible) {

    Measurement(Double value, String missing) {
        this(value, missing, false, false);
    }

    /** A value that only exists against a baseline, on a run that has none yet (first-run policy). */
    static Measurement noBaseline(String reason) {
        return new Measurement(null, reason, true, false);
    }

    public static Measurement of(double value) {
        return new Measurement(value, null);
    }

    public static Measurement missing(String reason) {
        return new Measurement(null, reason);
    }

    /** A reading that cannot be real: judged like no data (INCONCLUSIVE), with what was read in the reason. */
    static Measurement implausible(String reason) {
        return new Measurement(null, reason, false, true);
    }

    public boolean present() {
        return value != null;
    }
}

package dev.perfgate.check;

/** A check's value for a run, or why there is none. */
public record Measurement(Double value, String missing, boolean noBaseline) {

    Measurement(Double value, String missing) {
        this(value, missing, false);
    }

    /** A value that only exists against a baseline, on a run that has none yet (first-run policy). */
    static Measurement noBaseline(String reason) {
        return new Measurement(null, reason, true);
    }

    public static Measurement of(double value) {
        return new Measurement(value, null);
    }

    public static Measurement missing(String reason) {
        return new Measurement(null, reason);
    }

    public boolean present() {
        return value != null;
    }
}

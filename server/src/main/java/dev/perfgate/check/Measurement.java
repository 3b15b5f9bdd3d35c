package dev.perfgate.check;

/** A check's value for a run, or why there is none. */
record Measurement(Double value, String missing) {

    static Measurement of(double value) {
        return new Measurement(value, null);
    }

    static Measurement missing(String reason) {
        return new Measurement(null, reason);
    }

    boolean present() {
        return value != null;
    }
}

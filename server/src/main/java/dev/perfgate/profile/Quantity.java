package dev.perfgate.profile;

import java.util.Objects;

/**
 * What a profile's raw values measure and how to convert them: {@code value × scale} is an amount of {@link #measure()}.
 *
 * @param measure what the converted amount is (seconds, bytes, objects, a count)
 * @param scale   factor from a raw value to the amount (1/sampleRate for CPU samples, 1e-9 for nanoseconds)
 * @param rawUnit how raw values are shown ("samples", "ns", "bytes", "objects", "")
 */
public record Quantity(Measure measure, double scale, String rawUnit) {

    /** What an amount is. */
    public enum Measure { SECONDS, BYTES, OBJECTS, COUNT }

    public Quantity {
        Objects.requireNonNull(measure, "measure");
        Objects.requireNonNull(rawUnit, "rawUnit");
        if (!(scale > 0)) {
            throw new IllegalArgumentException("scale must be positive: " + scale);
        }
    }

    /** Stack samples taken at {@code sampleRate} Hz: each is {@code 1/sampleRate} s. */
    public static Quantity samples(long sampleRate) {
        return new Quantity(Measure.SECONDS, 1.0 / sampleRate, "samples");
    }

    public static Quantity nanoseconds() {
        return new Quantity(Measure.SECONDS, 1e-9, "ns");
    }

    public static Quantity bytes() {
        return new Quantity(Measure.BYTES, 1, "bytes");
    }

    public static Quantity objects() {
        return new Quantity(Measure.OBJECTS, 1, "objects");
    }

    public static Quantity count() {
        return new Quantity(Measure.COUNT, 1, "");
    }

    public double amount(double raw) {
        return raw * scale;
    }
}

package dev.perfgate.profile;

import java.util.Locale;
import java.util.OptionalDouble;

/** Words function changes as explanation lines that carry the numbers (check.Explanations attaches them to checks). */
final class ProfileWording {

    private ProfileWording() {
    }

    /** {@code name [(new)|(vanished)] self CPU 0.6 % → 88.1 % (+7,168 samples, +12.4 ms per request)}. */
    static String line(FunctionChange change, ProfileType type, Quantity quantity) {
        StringBuilder line = new StringBuilder(change.name());
        switch (change.kind()) {
            case NEW -> line.append(" (new)");
            case VANISHED -> line.append(" (vanished)");
            case CHANGED -> { }
        }
        line.append(String.format(Locale.US, " self %s %.1f %% → %.1f %% (%s", type.label(),
                change.baseline().selfShare(), change.run().selfShare(), raw(change.selfDelta(), quantity)));
        OptionalDouble perRequest = change.selfPerRequestDelta();
        if (perRequest.isPresent()) {
            line.append(", ").append(signed(perRequest.getAsDouble(), quantity.measure())).append(" per request");
        }
        return line.append(')').toString();
    }

    /** A raw value delta in the profile's own unit: "+7,168 samples", "+1.50 s" for nanoseconds, "+2.0 MiB". */
    static String raw(long delta, Quantity quantity) {
        return switch (quantity.rawUnit()) {
            case "ns" -> signed(delta * 1e-9, Quantity.Measure.SECONDS);
            case "bytes" -> signed(delta, Quantity.Measure.BYTES);
            case "" -> String.format(Locale.US, "%+,d", delta);
            default -> String.format(Locale.US, "%+,d %s", delta, quantity.rawUnit());
        };
    }

    /** An amount with sign and a readable unit: "+12.4 ms", "-350.0 µs", "+1.2 KiB", "+3.50 objects". */
    static String signed(double amount, Quantity.Measure measure) {
        String sign = amount < 0 ? "-" : "+";
        double magnitude = Math.abs(amount);
        return sign + switch (measure) {
            case SECONDS -> seconds(magnitude);
            case BYTES -> bytes(magnitude);
            case OBJECTS -> String.format(Locale.US, "%,.2f objects", magnitude);
            case COUNT -> String.format(Locale.US, "%,.2f", magnitude);
        };
    }

    private static String seconds(double value) {
        if (value >= 1) {
            return String.format(Locale.US, "%,.2f s", value);
        }
        if (value >= 1e-4) {
            return String.format(Locale.US, "%.1f ms", value * 1e3);
        }
        return String.format(Locale.US, "%.1f µs", value * 1e6);
    }

    private static String bytes(double value) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? String.format(Locale.US, "%.0f B", value) : String.format(Locale.US, "%.1f %s", value, units[unit]);
    }

    /** A number without needless decimals: 50, 0.05. */
    static String plain(double value) {
        return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}

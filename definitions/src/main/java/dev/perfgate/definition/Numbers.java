package dev.perfgate.definition;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/** Numbers as a person reads them in a verdict: two decimals at most, no trailing zeros, thousands separated. */
public final class Numbers {

    /**
     * One format per thread (a DecimalFormat is not thread-safe): building one parses its pattern, and every check of
     * every verdict formats its numbers (the JIT compiled the pattern parser three times in a 200-client bench).
     */
    private static final ThreadLocal<DecimalFormat> FORMAT = ThreadLocal
            .withInitial(() -> new DecimalFormat("#,##0.##", DecimalFormatSymbols.getInstance(Locale.ROOT)));

    /** The same, with up to six decimals (set per use). */
    private static final ThreadLocal<DecimalFormat> FINE = ThreadLocal
            .withInitial(() -> new DecimalFormat("#,##0.######", DecimalFormatSymbols.getInstance(Locale.ROOT)));

    private Numbers() {
    }

    public static String format(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return String.valueOf(value);
        }
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros();
        return FORMAT.get().format(rounded);
    }

    /**
     * Two numbers a message compares, each with two decimals unless that shows them equal when they are not: then
     * with as many more (up to six) as tell them apart, so "0.013 % > 0.01 %" never reads "0.01 % > 0.01 %".
     */
    public static String[] apart(double a, double b) {
        int scale = 2;
        while (scale < 6 && a != b && scaled(a, scale).equals(scaled(b, scale))) {
            scale++;
        }
        return new String[] {scaled(a, scale), scaled(b, scale)};
    }

    private static String scaled(double value, int scale) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return String.valueOf(value);
        }
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(scale, RoundingMode.HALF_UP).stripTrailingZeros();
        DecimalFormat fine = FINE.get();
        fine.setMaximumFractionDigits(scale);
        return fine.format(rounded);
    }

    /** A relative change for a person: whole numbers from 100 up, one decimal from 10, else two: "+176", "+12.5", "-3.27". */
    public static String percent(double value) {
        double abs = Math.abs(value);
        int scale = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(scale, RoundingMode.HALF_UP).stripTrailingZeros();
        return (value >= 0 ? "+" : "") + FORMAT.get().format(rounded);
    }

    /** A signed change, e.g. "+5" or "-37.4". */
    public static String signed(double value) {
        return (value >= 0 ? "+" : "") + format(value);
    }
}

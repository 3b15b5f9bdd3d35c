package dev.perfgate.definition;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/** Numbers as a person reads them in a verdict: two decimals at most, no trailing zeros, thousands separated. */
public final class Numbers {

    private Numbers() {
    }

    public static String format(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return String.valueOf(value);
        }
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros();
        DecimalFormat format = new DecimalFormat("#,##0.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
        return format.format(rounded);
    }

    /** A relative change for a person: whole numbers from 100 up, one decimal from 10, else two: "+176", "+12.5", "-3.27". */
    public static String percent(double value) {
        double abs = Math.abs(value);
        int scale = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(scale, RoundingMode.HALF_UP).stripTrailingZeros();
        return (value >= 0 ? "+" : "") + new DecimalFormat("#,##0.##", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(rounded);
    }

    /** A signed change, e.g. "+5" or "-37.4". */
    public static String signed(double value) {
        return (value >= 0 ? "+" : "") + format(value);
    }
}

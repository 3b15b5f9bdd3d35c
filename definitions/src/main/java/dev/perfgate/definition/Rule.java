package dev.perfgate.definition;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A requirement ({@code < 50}, {@code <= 200ms}) or a growth rule ({@code <= +10%}, {@code >= -5%},
 * {@code <= +20ms}). {@code percent} growth rules are relative to the baseline; the others compare
 * the absolute change.
 */
public record Rule(String text, Operator operator, double threshold, String unit, boolean percent, boolean growth) {

    /** How the value is compared with the threshold. */
    public enum Operator {
        LT("<"), LE("<="), GT(">"), GE(">=");

        private final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        /** The symbol that states the opposite, for messages about a broken rule. */
        public String negation() {
            return switch (this) {
                case LT -> ">=";
                case LE -> ">";
                case GT -> "<=";
                case GE -> "<";
            };
        }

        public boolean holds(double value, double threshold) {
            return switch (this) {
                case LT -> value < threshold;
                case LE -> value <= threshold;
                case GT -> value > threshold;
                case GE -> value >= threshold;
            };
        }

        /** Higher values are worse for {@code <}/{@code <=} rules. */
        public boolean higherIsWorse() {
            return this == LT || this == LE;
        }

        static Operator of(String symbol) {
            for (Operator op : values()) {
                if (op.symbol.equals(symbol)) {
                    return op;
                }
            }
            throw new IllegalArgumentException("Unknown operator " + symbol);
        }
    }

    private static final Pattern SYNTAX = Pattern.compile("\\s*(<=|>=|<|>)\\s*([+-]?[0-9]+(?:\\.[0-9]+)?)\\s*(ms|s|%)?\\s*");

    /** Parses a requirement or growth rule; unit 's' is turned into milliseconds. */
    public static Rule parse(String text, boolean growth) {
        Matcher m = SYNTAX.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a rule: write e.g. "
                    + (growth ? "'<= +10%'" : "'< 50' or '<= 200ms'"));
        }
        if (growth && !(m.group(2).startsWith("+") || m.group(2).startsWith("-"))) {
            throw new IllegalArgumentException("growth rule '" + text + "' needs a signed change, e.g. '<= +10%'");
        }
        double value = Double.parseDouble(m.group(2));
        String unit = m.group(3);
        if ("s".equals(unit)) {
            value = value * 1000;
            unit = "ms";
        }
        boolean percent = growth && "%".equals(unit);
        return new Rule(text.trim(), Operator.of(m.group(1)), value, unit, percent, growth);
    }

    /** The threshold as written for a person, e.g. "50 %" or "+10 %". */
    public String thresholdText() {
        String number = growth ? Numbers.signed(threshold) : Numbers.format(threshold);
        return unit == null ? number : number + " " + unit.toLowerCase(Locale.ROOT);
    }
}

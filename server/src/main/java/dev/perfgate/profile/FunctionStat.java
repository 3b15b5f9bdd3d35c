package dev.perfgate.profile;

import java.util.OptionalDouble;

/**
 * One function of one profile: raw self/total, their share of the profile (%), and as amounts and rates.
 *
 * @param name       frame name, e.g. {@code com/acme/MatrixCalculator.multiply}
 * @param self       raw value spent in the function itself
 * @param total      raw value of the stacks containing it (recursion counted once)
 * @param selfShare  self as % of the profile's total
 * @param totalShare total as % of the profile's total
 * @param quantity   how raw values convert to amounts (seconds, bytes, …)
 * @param workload   duration and request count of the run
 */
public record FunctionStat(String name, long self, long total, double selfShare, double totalShare,
                           Quantity quantity, Workload workload) {

    static FunctionStat of(String name, long self, long total, long numTicks, Quantity quantity, Workload workload) {
        return new FunctionStat(name, self, total, percent(self, numTicks), percent(total, numTicks), quantity,
                workload);
    }

    static FunctionStat absent(String name, Quantity quantity, Workload workload) {
        return new FunctionStat(name, 0, 0, 0, 0, quantity, workload);
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    /** Self converted to the quantity's measure (CPU seconds, bytes, …). */
    public double selfAmount() {
        return quantity.amount(self);
    }

    public double totalAmount() {
        return quantity.amount(total);
    }

    /** Self amount per second of the run, e.g. CPU seconds per second (cores). */
    public OptionalDouble selfPerSecond() {
        return workload.perSecond(selfAmount());
    }

    public OptionalDouble selfPerRequest() {
        return workload.perRequest(selfAmount());
    }

    public OptionalDouble totalPerSecond() {
        return workload.perSecond(totalAmount());
    }

    public OptionalDouble totalPerRequest() {
        return workload.perRequest(totalAmount());
    }
}

package dev.perfgate.profile;

import java.util.OptionalDouble;

/**
 * How one function changed from the baseline to the run.
 *
 * @param name     frame name
 * @param kind     NEW (not in the baseline), VANISHED (not in the run) or CHANGED (in both)
 * @param baseline its stats in the baseline (zeros when NEW)
 * @param run      its stats in the run (zeros when VANISHED)
 */
public record FunctionChange(String name, Kind kind, FunctionStat baseline, FunctionStat run) {

    /** Whether the function exists on both sides. */
    public enum Kind { NEW, VANISHED, CHANGED }

    /** Change of the self share in percentage points (88.1 % − 0.6 % = +87.5). */
    public double selfShareDelta() {
        return run.selfShare() - baseline.selfShare();
    }

    public double totalShareDelta() {
        return run.totalShare() - baseline.totalShare();
    }

    /** Change of the raw self value (samples, nanoseconds, bytes…). */
    public long selfDelta() {
        return run.self() - baseline.self();
    }

    /** Change of the self amount per request (CPU seconds, bytes, …), if both sides know their request count. */
    public OptionalDouble selfPerRequestDelta() {
        return difference(run.selfPerRequest(), baseline.selfPerRequest());
    }

    public OptionalDouble selfPerSecondDelta() {
        return difference(run.selfPerSecond(), baseline.selfPerSecond());
    }

    private static OptionalDouble difference(OptionalDouble after, OptionalDouble before) {
        return after.isPresent() && before.isPresent()
                ? OptionalDouble.of(after.getAsDouble() - before.getAsDouble()) : OptionalDouble.empty();
    }
}

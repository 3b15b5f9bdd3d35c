package dev.perfgate.profile;

import lombok.Getter;
import lombok.RequiredArgsConstructor;
import lombok.experimental.Accessors;

/**
 * The profile types PerfGate fetches, with their names in both dialects.
 *
 * <p>Classic names are the suffixes the Pyroscope Java agent 0.12.2 (JFR format) gives its series:
 * {@code <app>.itimer}, {@code <app>.wall}, … ({@code .cpu} when the agent runs with {@code event=cpu}; override it per
 * target with {@link PyroscopeTarget#withProfileName}). Grafana ids are {@code name:sampleType:sampleUnit:periodType:periodUnit}
 * as grafana/jfr-parser builds them for JFR input.
 */
@RequiredArgsConstructor
@Getter
@Accessors(fluent = true)
public enum ProfileType {
    CPU("itimer", "process_cpu:cpu:nanoseconds:cpu:nanoseconds", "CPU"),
    WALL("wall", "wall:wall:nanoseconds:wall:nanoseconds", "wall time"),
    ALLOC_BYTES("alloc_in_new_tlab_bytes", "memory:alloc_in_new_tlab_bytes:bytes:space:bytes", "allocated bytes"),
    ALLOC_OBJECTS("alloc_in_new_tlab_objects", "memory:alloc_in_new_tlab_objects:count:space:bytes", "allocated objects"),
    LOCK_COUNT("lock_count", "mutex:contentions:count:mutex:count", "lock contentions"),
    LOCK_DURATION("lock_duration", "mutex:delay:nanoseconds:mutex:count", "lock wait");

    /** Default suffix of the classic series name, {@code <app>.<suffix>}. */
    private final String classicSuffix;
    /** Default Grafana Pyroscope profile-type id. */
    private final String grafanaId;
    /** Short human name used in explanations ("self CPU 0.6 % → 88.1 %"). */
    private final String label;

    /** Whether the values are durations whose cost can be priced in core-hours. */
    public boolean isCpu() {
        return this == CPU;
    }
}

package dev.perfgate.profile;

/**
 * The profile types PerfGate fetches, with their names in both dialects.
 *
 * <p>Classic names are the suffixes the Pyroscope Java agent 0.12.2 (JFR format) gives its series:
 * {@code <app>.itimer}, {@code <app>.wall}, … ({@code .cpu} when the agent runs with {@code event=cpu}; override it per
 * target with {@link PyroscopeTarget#withProfileName}). Grafana ids are {@code name:sampleType:sampleUnit:periodType:periodUnit}
 * as grafana/jfr-parser builds them for JFR input.
 */
public enum ProfileType {
    CPU("itimer", "process_cpu:cpu:nanoseconds:cpu:nanoseconds", "CPU"),
    WALL("wall", "wall:wall:nanoseconds:wall:nanoseconds", "wall time"),
    ALLOC_BYTES("alloc_in_new_tlab_bytes", "memory:alloc_in_new_tlab_bytes:bytes:space:bytes", "allocated bytes"),
    ALLOC_OBJECTS("alloc_in_new_tlab_objects", "memory:alloc_in_new_tlab_objects:count:space:bytes", "allocated objects"),
    LOCK_COUNT("lock_count", "mutex:contentions:count:mutex:count", "lock contentions"),
    LOCK_DURATION("lock_duration", "mutex:delay:nanoseconds:mutex:count", "lock wait");

    private final String classicSuffix;
    private final String grafanaId;
    private final String label;

    ProfileType(String classicSuffix, String grafanaId, String label) {
        this.classicSuffix = classicSuffix;
        this.grafanaId = grafanaId;
        this.label = label;
    }

    /** Default suffix of the classic series name, {@code <app>.<suffix>}. */
    public String classicSuffix() {
        return classicSuffix;
    }

    /** Default Grafana Pyroscope profile-type id. */
    public String grafanaId() {
        return grafanaId;
    }

    /** Short human name used in explanations ("self CPU 0.6 % → 88.1 %"). */
    public String label() {
        return label;
    }

    /** Whether the values are durations whose cost can be priced in core-hours. */
    public boolean isCpu() {
        return this == CPU;
    }
}

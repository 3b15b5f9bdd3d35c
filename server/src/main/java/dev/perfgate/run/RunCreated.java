package dev.perfgate.run;

/** Published when a run is recorded (not when a retry finds it existing), for metrics. */
public record RunCreated(Run run) {
}

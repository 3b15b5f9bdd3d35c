package dev.perfgate.run;

/** Published when a run ends, so checks can judge it. */
public record RunEnded(Run run) {
}

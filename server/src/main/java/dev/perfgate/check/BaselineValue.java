package dev.perfgate.check;

/**
 * What a growth rule compares with: one run's value ("run 153") or an aggregate ("median of
 * runs 149–153"). {@code runId} is PerfGate's id of the run (or of the newest run of an aggregate).
 */
public record BaselineValue(String runId, String label, double value) {
}

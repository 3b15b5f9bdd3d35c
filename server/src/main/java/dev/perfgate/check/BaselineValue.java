package dev.perfgate.check;

/**
 * What a growth rule compares with: one run's value ("run 153") or an aggregate ("median of
 * runs 149–153"). {@code runId} is PerfGate's id of the run (or of the newest run of an aggregate);
 * {@code runs} is how many runs the value stands for (1 for a single run), for the noise of the comparison.
 */
public record BaselineValue(String runId, String label, double value, int runs) {

    public BaselineValue(String runId, String label, double value) {
        this(runId, label, value, 1);
    }
}

package dev.perfgate.results;

/** Published when results are attached to a run, so an ended run can be (re-)judged. */
public record ResultsAttached(String runId) {
}

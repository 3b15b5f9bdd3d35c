package dev.perfgate.web;

import java.time.Instant;
import java.util.List;

import dev.perfgate.results.ResultsDocument;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;

/**
 * What the run page's charts draw: the per-second series of the results (throughput, errors, mean and p99 latency)
 * and the run window, whose ramp-up is shaded. Times in epoch milliseconds.
 */
record RunCharts(long start, long steadyStart, long end, List<Second> seconds) {

    /** One second of the run. */
    record Second(long t, long requests, long errors, Double meanMs, Double p99Ms) {
    }

    /** The charts of a run, or null when its results hold no per-second series. */
    static RunCharts of(Run run, RunResults results) {
        if (results == null || results.timeseries() == null || results.timeseries().isEmpty()) {
            return null;
        }
        List<ResultsDocument.TimePoint> points = results.timeseries();
        ResultsDocument.Window window = results.window();
        Instant start = window != null && window.start() != null ? window.start() : points.get(0).t();
        Instant steady = window != null && window.steadyStateStart() != null ? window.steadyStateStart()
                : run.rampUpSeconds() > 0 ? start.plusSeconds(run.rampUpSeconds()) : start;
        Instant end = window != null && window.end() != null ? window.end() : points.get(points.size() - 1).t();
        return new RunCharts(start.toEpochMilli(), steady.toEpochMilli(), end.toEpochMilli(), points.stream()
                .map(p -> new Second(p.t().toEpochMilli(), p.requests(), p.errors(), p.meanMs(), p.p99Ms())).toList());
    }
}

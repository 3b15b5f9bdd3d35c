package dev.perfgate.web;

import java.util.ArrayList;
import java.util.List;

import dev.perfgate.results.RequestStats;
import dev.perfgate.results.RunResults;

/** One request's statistics as the run page's latency table shows them (milliseconds, requests per second). */
record LatencyRow(String name, boolean global, String count, String errors, String mean, String p50, String p75,
        String p90, String p95, String p99, String p999, String max, String throughput) {

    static LatencyRow of(RequestStats s, boolean global) {
        return new LatencyRow(s.name(), global, Formats.number((double) s.count()),
                Formats.withUnit(s.errorPct(), "%"), Formats.number(s.meanMs()), Formats.number(s.p50Ms()),
                Formats.number(s.p75Ms()), Formats.number(s.p90Ms()), Formats.number(s.p95Ms()),
                Formats.number(s.p99Ms()), Formats.number(s.p999Ms()), Formats.number(s.maxMs()),
                Formats.number(s.throughputRps()));
    }

    /** All requests first, then each request by name. */
    static List<LatencyRow> of(RunResults results) {
        List<LatencyRow> rows = new ArrayList<>();
        if (results.global() != null) {
            rows.add(of(results.global(), true));
        }
        results.requests().stream().sorted(java.util.Comparator.comparing(RequestStats::name))
                .forEach(r -> rows.add(of(r, false)));
        return rows;
    }
}

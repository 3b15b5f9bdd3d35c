package dev.perfgate.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perfgate.system.ApiException;

/** What every request's statistics must satisfy, whichever format they came in: impossible numbers never reach a verdict. */
final class StatsRules {

    private StatsRules() {
    }

    /**
     * Rounding to whole milliseconds (Gatling's percentiles and report mean) may put an ordered pair this far apart
     * the wrong way; anything more cannot come from one set of responses.
     */
    static final double ROUNDING_MS = 0.5;

    /** How far a posted errorPct may lie from 100 * ko / count: its rounding to one decimal. */
    static final double ERROR_PCT_ROUNDING = 0.05;

    /**
     * A 400 naming the field when a count is negative, ok + ko differs from count, a number is negative or not finite,
     * errorPct disagrees with the counts, latencies are given without OK responses, or they are out of order.
     */
    static void check(String field, RequestStats s) {
        if (s.count() < 0 || s.ok() < 0 || s.ko() < 0) {
            throw ApiException.badRequest(field + ": counts must be >= 0 (count " + s.count() + ", ok " + s.ok()
                    + ", ko " + s.ko() + ")");
        }
        if (s.ok() + s.ko() != s.count()) {
            throw ApiException.badRequest(field + ": ok (" + s.ok() + ") + ko (" + s.ko()
                    + ") must equal count (" + s.count() + ")");
        }
        number(field, "errorPct", s.errorPct());
        if (s.errorPct() != null && s.errorPct() > 100) {
            throw ApiException.badRequest(field + ": errorPct must be between 0 and 100 (was " + s.errorPct() + ")");
        }
        number(field, "minMs", s.minMs());
        number(field, "meanMs", s.meanMs());
        number(field, "maxMs", s.maxMs());
        number(field, "p50Ms", s.p50Ms());
        number(field, "p75Ms", s.p75Ms());
        number(field, "p90Ms", s.p90Ms());
        number(field, "p95Ms", s.p95Ms());
        number(field, "p99Ms", s.p99Ms());
        number(field, "p999Ms", s.p999Ms());
        number(field, "throughputRps", s.throughputRps());
        if (s.minMs() != null && s.maxMs() != null && s.minMs() > s.maxMs()) {
            throw ApiException.badRequest(field + ": minMs " + s.minMs() + " > maxMs " + s.maxMs());
        }
        errorPct(field, s);
        Map<String, Double> latencies = latencies(s);
        if (s.ok() == 0) {
            noLatencies(field, latencies);
        }
        ordered(field, s, latencies);
    }

    /**
     * The global statistics count every request: the requests listed (all of them, or some) cannot add up to more
     * requests, OK responses or errors than the global ones. A 400 naming the counts otherwise.
     */
    static void withinGlobal(String source, RequestStats global, List<RequestStats> requests) {
        if (global == null || requests.isEmpty()) {
            return;
        }
        long count = 0;
        long ok = 0;
        long ko = 0;
        for (RequestStats request : requests) {
            count += request.count();
            ok += request.ok();
            ko += request.ko();
        }
        if (count > global.count() || ok > global.ok() || ko > global.ko()) {
            throw ApiException.badRequest(source + ": the requests add up to more than the global statistics count"
                    + " (requests: count " + count + ", ok " + ok + ", ko " + ko + "; global: count " + global.count()
                    + ", ok " + global.ok() + ", ko " + global.ko() + "): global counts every request");
        }
    }

    /** errorPct is 100 * ko / count: a posted one must agree (no requests: 0 or absent). */
    private static void errorPct(String field, RequestStats s) {
        if (s.errorPct() == null) {
            return;
        }
        if (s.count() == 0) {
            if (s.errorPct() != 0) {
                throw ApiException.badRequest(field + ": errorPct " + s.errorPct() + " with no requests (count 0)");
            }
            return;
        }
        double fromCounts = 100.0 * s.ko() / s.count();
        if (Math.abs(s.errorPct() - fromCounts) > ERROR_PCT_ROUNDING) {
            throw ApiException.badRequest(field + ": errorPct " + s.errorPct() + " disagrees with the counts: 100 * ko ("
                    + s.ko() + ") / count (" + s.count() + ") = " + fromCounts);
        }
    }

    /** Latencies are over OK responses: with none they are absent, never 0 (docs/results-format.md). */
    private static void noLatencies(String field, Map<String, Double> latencies) {
        List<String> given = latencies.entrySet().stream().filter(e -> e.getValue() != null).map(Map.Entry::getKey)
                .toList();
        if (!given.isEmpty()) {
            throw ApiException.badRequest(field + ": " + String.join(", ", given)
                    + " given with no OK responses (ok 0): latencies are over OK responses, leave them out");
        }
    }

    /** min <= p50 <= ... <= p999 <= max and min <= mean <= max, for those given (within the rounding to whole ms). */
    private static void ordered(String field, RequestStats s, Map<String, Double> latencies) {
        String lowerName = null;
        Double lower = null;
        for (Map.Entry<String, Double> entry : latencies.entrySet()) {
            if (entry.getKey().equals("meanMs") || entry.getValue() == null) {
                continue;
            }
            if (lower != null && entry.getValue() < lower - ROUNDING_MS) {
                throw ApiException.badRequest(field + ": " + lowerName + " " + lower + " > " + entry.getKey() + " "
                        + entry.getValue() + ": " + (lowerName.equals("minMs") || entry.getKey().equals("maxMs")
                                ? "no percentile lies outside minMs and maxMs"
                                : "a higher percentile cannot be lower"));
            }
            lowerName = entry.getKey();
            lower = entry.getValue();
        }
        Double mean = s.meanMs();
        if (mean != null && (s.minMs() != null && mean < s.minMs() - ROUNDING_MS
                || s.maxMs() != null && mean > s.maxMs() + ROUNDING_MS)) {
            throw ApiException.badRequest(field + ": meanMs " + mean + " lies outside minMs " + s.minMs() + " and maxMs "
                    + s.maxMs());
        }
    }

    /** The latencies in their order (the mean among them, skipped by the ordering). */
    private static Map<String, Double> latencies(RequestStats s) {
        Map<String, Double> latencies = new LinkedHashMap<>();
        latencies.put("minMs", s.minMs());
        latencies.put("meanMs", s.meanMs());
        latencies.put("p50Ms", s.p50Ms());
        latencies.put("p75Ms", s.p75Ms());
        latencies.put("p90Ms", s.p90Ms());
        latencies.put("p95Ms", s.p95Ms());
        latencies.put("p99Ms", s.p99Ms());
        latencies.put("p999Ms", s.p999Ms());
        latencies.put("maxMs", s.maxMs());
        return latencies;
    }

    /** A finite number >= 0, or absent. */
    static void number(String field, String name, Double value) {
        if (value != null && (value.isNaN() || value.isInfinite() || value < 0)) {
            throw ApiException.badRequest(field + ": " + name + " must be a finite number >= 0 (was " + value + ")");
        }
    }
}

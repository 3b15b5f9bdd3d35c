package dev.perfgate.results;

import dev.perfgate.system.ApiException;

/** What every request's statistics must satisfy, whichever format they came in: impossible numbers never reach a verdict. */
final class StatsRules {

    private StatsRules() {
    }

    /** A 400 naming the field when a count is negative, ok + ko differs from count, or a number is negative or not finite. */
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
    }

    /** A finite number >= 0, or absent. */
    static void number(String field, String name, Double value) {
        if (value != null && (value.isNaN() || value.isInfinite() || value < 0)) {
            throw ApiException.badRequest(field + ": " + name + " must be a finite number >= 0 (was " + value + ")");
        }
    }
}

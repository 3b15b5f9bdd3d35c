package dev.perfgate.results;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

import dev.perfgate.system.ApiException;

/**
 * How much one run's results may hold, whatever format they came in (PerfGate results JSON, Gatling
 * stats.json, measures posted separately): checked before anything is stored, so that no upload makes
 * a results or verdict document larger than the store takes.
 */
@Component
class UploadLimits {

    private final int maxRequests;
    private final int maxMeasures;
    private final int maxSeriesPoints;

    UploadLimits(@Value("${perfgate.results.max-requests:5000}") int maxRequests,
            @Value("${perfgate.results.max-measures:500}") int maxMeasures,
            @Value("${perfgate.results.max-series-points:100000}") int maxSeriesPoints) {
        this.maxRequests = maxRequests;
        this.maxMeasures = maxMeasures;
        this.maxSeriesPoints = maxSeriesPoints;
    }

    static UploadLimits defaults() {
        return new UploadLimits(5000, 500, 100_000);
    }

    int maxRequests() {
        return maxRequests;
    }

    void checkRequests(String field, int count) {
        check(field, count, maxRequests, "perfgate.results.max-requests");
    }

    void checkMeasures(String field, int count) {
        check(field, count, maxMeasures, "perfgate.results.max-measures");
    }

    void checkSeriesPoints(String field, int count) {
        check(field, count, maxSeriesPoints, "perfgate.results.max-series-points");
    }

    void check(RunResults results) {
        checkRequests("requests", results.requests().size());
        checkMeasures("measures", results.measures().size());
        checkSeriesPoints("timeseries", results.timeseries().size());
    }

    private static void check(String field, int count, int max, String property) {
        if (count > max) {
            throw new ApiException(HttpStatus.CONTENT_TOO_LARGE, field + " holds " + count + " entries; a run's results "
                    + "hold at most " + max + " (" + property + ")");
        }
    }
}

package dev.perfgate.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Statistics that one set of responses cannot have are refused (400) before they reach a verdict: an error rate the
 * counts contradict, latencies without OK responses, percentiles out of order, a mean outside min and max.
 */
class StatsRulesTest {

    /** count, ok, ko, errorPct, then min, mean, max, p50, p75, p90, p95, p99, p99.9 (ms). */
    static RequestStats stats(long count, long ok, long ko, Double errorPct, Double... latencies) {
        Double[] l = new Double[9];
        System.arraycopy(latencies, 0, l, 0, latencies.length);
        return new RequestStats("checkout", count, ok, ko, errorPct, l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7], l[8],
                10.0);
    }

    static void check(RequestStats s) {
        StatsRules.check("Request 'checkout'", s);
    }

    @Test
    void shouldAcceptWhatOneSetOfResponsesCanHave() {
        assertThatCode(() -> check(stats(3000, 2997, 3, 0.1, 2.0, 40.0, 900.0, 35.0, 45.0, 60.0, 80.0, 150.0, 850.0)))
                .doesNotThrowAnyException();
        // errorPct rounded to one decimal (0.0333… posted as 0.0), percentiles rounded to whole ms around min and max
        assertThatCode(() -> check(stats(3000, 2999, 1, 0.0, 10.3, 10.4, 10.6, 10.0, 10.0, 10.0, 11.0, 11.0)))
                .doesNotThrowAnyException();
        // no OK responses and no latencies; no requests and an errorPct of 0 or none
        assertThatCode(() -> check(stats(5, 0, 5, 100.0))).doesNotThrowAnyException();
        assertThatCode(() -> check(stats(0, 0, 0, 0.0))).doesNotThrowAnyException();
        assertThatCode(() -> check(stats(0, 0, 0, null))).doesNotThrowAnyException();
        // a mean may lie above the p99 (a heavy tail)
        assertThatCode(() -> check(stats(100, 100, 0, 0.0, 1.0, 95.0, 9000.0, 3.0, null, null, null, 40.0)))
                .doesNotThrowAnyException();
    }

    @Test
    void shouldRefuseAnErrorRateTheCountsContradict() {
        assertThatThrownBy(() -> check(stats(3000, 1500, 1500, 0.0, 1.0, 2.0, 3.0)))
                .hasMessage("Request 'checkout': errorPct 0.0 disagrees with the counts: 100 * ko (1500) / count (3000) = 50.0");
        assertThatThrownBy(() -> check(stats(1000, 999, 1, 0.2))).hasMessageContaining("disagrees with the counts");
        assertThatThrownBy(() -> check(stats(0, 0, 0, 5.0)))
                .hasMessage("Request 'checkout': errorPct 5.0 with no requests (count 0)");
    }

    @Test
    void shouldRefuseRequestsThatAddUpToMoreThanTheGlobalStatistics() {
        RequestStats global = stats(6000, 6000, 0, 0.0);
        java.util.List<RequestStats> some = java.util.List.of(stats(3000, 3000, 0, 0.0), stats(2000, 1990, 10, 0.5));

        assertThatThrownBy(() -> StatsRules.withinGlobal("Results", global,
                java.util.List.of(stats(6000, 6000, 0, 0.0), stats(3000, 0, 3000, 100.0))))
                .hasMessage("Results: the requests add up to more than the global statistics count (requests: count 9000,"
                        + " ok 6000, ko 3000; global: count 6000, ok 6000, ko 0): global counts every request");
        assertThatThrownBy(() -> StatsRules.withinGlobal("Results", global, some))
                .as("errors in a request that the global statistics do not count").hasMessageContaining("ko 10");
        assertThatCode(() -> StatsRules.withinGlobal("Results", stats(6000, 5990, 10, 0.2), some))
                .as("some of the requests, fewer than all").doesNotThrowAnyException();
        assertThatCode(() -> StatsRules.withinGlobal("Results", null, some)).doesNotThrowAnyException();
    }

    @Test
    void shouldRefuseLatenciesWithoutOkResponses() {
        assertThatThrownBy(() -> check(stats(0, 0, 0, null, null, 0.0)))
                .hasMessage("Request 'checkout': meanMs given with no OK responses (ok 0): latencies are over OK responses,"
                        + " leave them out");
        assertThatThrownBy(() -> check(stats(4, 0, 4, 100.0, 0.0, 0.0, 0.0, 0.0, null, null, null, 0.0)))
                .hasMessageContaining("minMs, meanMs, p50Ms, p99Ms, maxMs given with no OK responses");
    }

    @Test
    void shouldRefusePercentilesOutOfOrderAndAMeanOutsideMinAndMax() {
        assertThatThrownBy(() -> check(stats(100, 100, 0, 0.0, null, null, null, 500.0, null, null, null, 150.0)))
                .hasMessage("Request 'checkout': p50Ms 500.0 > p99Ms 150.0: a higher percentile cannot be lower");
        assertThatThrownBy(() -> check(stats(100, 100, 0, 0.0, 1.0, null, 200.0, null, null, null, null, 260.0)))
                .hasMessage("Request 'checkout': p99Ms 260.0 > maxMs 200.0: no percentile lies outside minMs and maxMs");
        assertThatThrownBy(() -> check(stats(100, 100, 0, 0.0, 50.0, null, 200.0, 20.0)))
                .hasMessageContaining("minMs 50.0 > p50Ms 20.0");
        assertThatThrownBy(() -> check(stats(100, 100, 0, 0.0, 1.0, 900.0, 200.0)))
                .hasMessage("Request 'checkout': meanMs 900.0 lies outside minMs 1.0 and maxMs 200.0");
    }

    @Test
    void shouldTakeTheErrorRateFromTheCountsAndNoneWithoutRequests() {
        assertThat(RequestStats.named("All Requests", stats(3000, 2999, 1, 0.0)).errorPct()).isEqualTo(100.0 / 3000);
        assertThat(RequestStats.named("All Requests", stats(10, 9, 1, null)).errorPct()).isEqualTo(10.0);
        assertThat(RequestStats.named("All Requests", stats(0, 0, 0, 0.0)).errorPct()).isNull();
    }
}

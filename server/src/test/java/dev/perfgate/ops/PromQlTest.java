package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PromQlTest {

    @Test
    void shouldFindTheMetricOfASelectorWithLabelsAndARange() {
        assertThat(PromQl.metricNames("rate(http_server_requests_seconds_count{uri=~\"/api/.*\", job=\"$job\"}[$__rate_interval])"))
                .containsExactly("http_server_requests_seconds_count");
    }

    @Test
    void shouldSkipAggregationsAndTheirLabelLists() {
        String expr = "histogram_quantile(0.95, sum by (uri, le) (rate(http_server_requests_seconds_bucket{application=\"demo-app\"}[5m])))";

        assertThat(PromQl.metricNames(expr)).containsExactly("http_server_requests_seconds_bucket");
    }

    @Test
    void shouldFindBothSidesOfABinaryOperation() {
        String expr = "sum without (instance) (rate(a_sum[1m])) / on (uri) group_left (le) sum(rate(a_count[1m])) > bool 0";

        assertThat(PromQl.metricNames(expr)).containsExactly("a_sum", "a_count");
    }

    @Test
    void shouldSkipKeywordsNumbersAndVariables() {
        String expr = "max(perfgate_runs_in_progress{trigger=\"ui\"} offset 5m) or vector(0) and ${other} unless $x * 1e3";

        assertThat(PromQl.metricNames(expr)).containsExactly("perfgate_runs_in_progress");
    }

    @Test
    void shouldReadTheNameMatcher() {
        assertThat(PromQl.metricNames("count({__name__=\"jvm_info\", job=\"x\"})")).containsExactly("jvm_info");
    }

    @Test
    void shouldIgnoreStringsThatLookLikeNames() {
        String expr = "label_replace(up_metric, \"dst\", \"$1\", \"src\", \"(not_a_metric)\")";

        assertThat(PromQl.metricNames(expr)).containsExactly("up_metric");
    }

    @Test
    void shouldReadTheMetricOfAVariableQuery() {
        assertThat(PromQl.variableMetricNames("label_values(http_server_requests_seconds_count{job=\"a\"}, application)"))
                .containsExactly("http_server_requests_seconds_count");
        assertThat(PromQl.variableMetricNames("label_values(job)")).isEmpty();
        assertThat(PromQl.variableMetricNames("query_result(max(up) by (job))")).containsExactly("up");
    }
}

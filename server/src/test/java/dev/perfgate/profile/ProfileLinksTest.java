package dev.perfgate.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ProfileLinksTest {

    private static final ProfileSelection BASELINE = ProfileSelection.of(TimeWindow.of(
            Instant.parse("2024-03-13T17:00:00Z"), Instant.parse("2024-03-13T17:05:00Z"))).withLabel("run_id", "41");
    private static final ProfileSelection RUN = ProfileSelection.of(TimeWindow.of(
            Instant.parse("2024-03-13T18:15:00Z"), Instant.parse("2024-03-13T18:20:00Z"))).withLabel("run_id", "42");

    private static final PyroscopeTarget CLASSIC = PyroscopeTarget.classic("http://127.0.0.1:4041", "perfgate-demo")
            .withLabel("env", "perf");
    private static final PyroscopeTarget GRAFANA = PyroscopeTarget.grafana("http://pyroscope:4040",
            "https://grafana.example.com", "checkout").withLabel("env", "perf");

    private static final String RUN_QUERY = "perfgate-demo.itimer%7Benv%3D%22perf%22%2Crun_id%3D%2242%22%7D";
    private static final String BASELINE_QUERY = "perfgate-demo.itimer%7Benv%3D%22perf%22%2Crun_id%3D%2241%22%7D";
    private static final String DRILLDOWN = "https://grafana.example.com/a/grafana-pyroscope-app/explore";
    private static final String CPU_ID = "process_cpu%3Acpu%3Ananoseconds%3Acpu%3Ananoseconds";

    @Test
    void shouldLinkClassicFlamegraphOverItsWindowInEpochSeconds() {
        assertThat(ProfileLinks.flamegraph(CLASSIC, ProfileType.CPU, RUN)).isEqualTo(
                "http://127.0.0.1:4041/?query=" + RUN_QUERY + "&from=1710353700&until=1710354000");
    }

    @Test
    void shouldLinkClassicDiffWithBaselineOnTheLeft() {
        assertThat(ProfileLinks.diff(CLASSIC, ProfileType.CPU, BASELINE, RUN)).isEqualTo(
                "http://127.0.0.1:4041/comparison-diff?leftQuery=" + BASELINE_QUERY + "&rightQuery=" + RUN_QUERY
                        + "&leftFrom=1710349200&leftUntil=1710349500&rightFrom=1710353700&rightUntil=1710354000"
                        + "&query=" + RUN_QUERY + "&from=1710349200&until=1710354000");
    }

    @Test
    void shouldLinkClassicSideBySideComparison() {
        assertThat(ProfileLinks.comparison(CLASSIC, ProfileType.CPU, BASELINE, RUN)).isEqualTo(
                "http://127.0.0.1:4041/comparison?leftQuery=" + BASELINE_QUERY + "&rightQuery=" + RUN_QUERY
                        + "&leftFrom=1710349200&leftUntil=1710349500&rightFrom=1710353700&rightUntil=1710354000"
                        + "&query=" + RUN_QUERY + "&from=1710349200&until=1710354000");
    }

    @Test
    void shouldLinkClassicUiUnderItsOwnPath() {
        // Given a UI behind a reverse proxy path, given with a trailing slash
        PyroscopeTarget proxied = CLASSIC.withUiUrl("https://tools.example.com/pyroscope/");

        // When / Then
        assertThat(ProfileLinks.flamegraph(proxied, ProfileType.WALL, ProfileSelection.of(RUN.window()))).isEqualTo(
                "https://tools.example.com/pyroscope/?query=perfgate-demo.wall%7Benv%3D%22perf%22%7D"
                        + "&from=1710353700&until=1710354000");
    }

    @Test
    void shouldEscapeQuotesInClassicLabelValues() {
        // Given
        ProfileSelection run = ProfileSelection.of(RUN.window()).withLabel("branch", "say \"hi\"");

        // When / Then
        assertThat(ProfileLinks.flamegraph(PyroscopeTarget.classic("http://p:4040", "app"), ProfileType.CPU, run))
                .isEqualTo("http://p:4040/?query=app.itimer%7Bbranch%3D%22say%20%5C%22hi%5C%22%22%7D"
                        + "&from=1710353700&until=1710354000");
    }

    @Test
    void shouldLinkDrilldownFlameGraphWithOneFilterPerLabelInMilliseconds() {
        assertThat(ProfileLinks.flamegraph(GRAFANA, ProfileType.CPU, RUN)).isEqualTo(
                DRILLDOWN + "?explorationType=flame-graph&var-serviceName=checkout&var-profileMetricId=" + CPU_ID
                        + "&var-filters=env%7C%3D%7Cperf&var-filters=run_id%7C%3D%7C42"
                        + "&from=1710353700000&to=1710354000000");
    }

    @Test
    void shouldLinkDrilldownDiffWithBaselineAndComparisonRangesAndFilters() {
        assertThat(ProfileLinks.diff(GRAFANA, ProfileType.CPU, BASELINE, RUN)).isEqualTo(
                DRILLDOWN + "?explorationType=diff-flame-graph&var-serviceName=checkout&var-profileMetricId=" + CPU_ID
                        + "&var-filtersBaseline=env%7C%3D%7Cperf&var-filtersBaseline=run_id%7C%3D%7C41"
                        + "&var-filtersComparison=env%7C%3D%7Cperf&var-filtersComparison=run_id%7C%3D%7C42"
                        + "&from=1710349200000&to=1710354000000"
                        + "&from-2=1710349200000&to-2=1710349500000&from-3=1710353700000&to-3=1710354000000"
                        + "&diffFrom=1710349200000&diffTo=1710349500000"
                        + "&diffFrom-2=1710353700000&diffTo-2=1710354000000");
    }

    @Test
    void shouldUseDrilldownDiffViewForSideBySideComparison() {
        assertThat(ProfileLinks.comparison(GRAFANA, ProfileType.CPU, BASELINE, RUN))
                .isEqualTo(ProfileLinks.diff(GRAFANA, ProfileType.CPU, BASELINE, RUN));
    }

    @Test
    void shouldNameDataSourceAndEscapeScenesDelimiters() {
        // Given a data source uid and a value containing Scenes' separators
        PyroscopeTarget target = PyroscopeTarget.grafana("http://p:4040", "https://g.example.com", "cart")
                .withDataSourceUid("pyro-1").withLabel("team", "a,b|c");

        // When / Then
        assertThat(ProfileLinks.flamegraph(target, ProfileType.ALLOC_BYTES, ProfileSelection.of(RUN.window())))
                .isEqualTo("https://g.example.com/a/grafana-pyroscope-app/explore?explorationType=flame-graph"
                        + "&var-dataSource=pyro-1&var-serviceName=cart"
                        + "&var-profileMetricId=memory%3Aalloc_in_new_tlab_bytes%3Abytes%3Aspace%3Abytes"
                        + "&var-filters=team%7C%3D%7Ca__gfc__b__gfp__c&from=1710353700000&to=1710354000000");
    }

    @Test
    void shouldLinkDrilldownWithEmptyFiltersWhenThereAreNoLabels() {
        // Given
        PyroscopeTarget target = PyroscopeTarget.grafana("http://p:4040", "https://g.example.com", "cart");

        // When / Then
        assertThat(ProfileLinks.flamegraph(target, ProfileType.CPU, ProfileSelection.of(RUN.window())))
                .contains("&var-filters=&from=");
    }
}

package dev.perfgate.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProfileExplainerTest {

    private static final PyroscopeTarget TARGET = PyroscopeTarget.classic("http://127.0.0.1:4041", "perfgate-demo");
    private static final ProfiledRun BASELINE = new ProfiledRun(ProfileSelection.of(TimeWindow.of(
            Instant.parse("2024-03-13T17:00:00Z"), Instant.parse("2024-03-13T17:00:10Z"))).withLabel("run_id", "41"),
            1_000);
    private static final ProfiledRun RUN = new ProfiledRun(ProfileSelection.of(TimeWindow.of(
            Instant.parse("2024-03-13T18:00:00Z"), Instant.parse("2024-03-13T18:00:10Z"))).withLabel("run_id", "42"),
            10_000);

    @Test
    void shouldExplainRunAgainstBaselineWithLinksAndLines() {
        // Given
        ProfileSource source = source(Map.of(
                "41", ok("classic-cpu-baseline.json"), "42", ok("classic-cpu-run.json")));

        // When
        ProfileReport report = new ProfileExplainer(source, 3, Optional.empty())
                .compare(TARGET, ProfileType.CPU, BASELINE, RUN);

        // Then
        assertThat(report.status()).isEqualTo(ProfileReport.Status.EXPLAINED);
        assertThat(report.reason()).isEqualTo(
                "CPU profile of 7,948 samples; top self com/acme/MatrixCalculator.multiply 90.2 %");
        assertThat(report.lines()).containsExactly("com/acme/MatrixCalculator.multiply (new) self CPU 0.0 % → 90.2 % "
                + "(+7,168 samples, +7.2 ms per request)");
        assertThat(report.top()).hasSize(3);
        assertThat(report.diffUrl()).hasValueSatisfying(url -> assertThat(url).contains("/comparison-diff?"));
        assertThat(report.flamegraphUrl()).startsWith("http://127.0.0.1:4041/?query=");
    }

    @Test
    void shouldBeInconclusiveWhenTheRunProfileCannotBeFetched() {
        // Given
        ProfileSource source = source(Map.of("42", new ProfileFetch.Unreachable("Pyroscope is down")));

        // When
        ProfileReport report = new ProfileExplainer(source, 3, Optional.empty())
                .compare(TARGET, ProfileType.CPU, BASELINE, RUN);

        // Then
        assertThat(report.status()).isEqualTo(ProfileReport.Status.INCONCLUSIVE);
        assertThat(report.reason()).isEqualTo("run Pyroscope is down");
        assertThat(report.diffUrl()).as("links still lead to the evidence").isPresent();
    }

    @Test
    void shouldBeInconclusiveButKeepTheTopWhenTheBaselineIsEmpty() {
        // Given
        ProfileSource source = source(Map.of(
                "41", new ProfileFetch.Empty("no CPU samples"), "42", ok("classic-cpu-run.json")));

        // When
        ProfileReport report = new ProfileExplainer(source, 2, Optional.empty())
                .compare(TARGET, ProfileType.CPU, BASELINE, RUN);

        // Then
        assertThat(report.status()).isEqualTo(ProfileReport.Status.INCONCLUSIVE);
        assertThat(report.reason()).isEqualTo("baseline no CPU samples");
        assertThat(report.top()).extracting(FunctionStat::name)
                .containsExactly("com/acme/MatrixCalculator.multiply", "com/acme/Json.parse");
    }

    @Test
    void shouldProfileFirstRunWithoutBaseline() {
        // Given
        ProfileSource source = source(Map.of("42", ok("classic-cpu-run.json")));

        // When
        ProfileReport report = new ProfileExplainer(source, 1, Optional.empty()).profile(TARGET, ProfileType.CPU, RUN);

        // Then
        assertThat(report.status()).isEqualTo(ProfileReport.Status.PROFILED);
        assertThat(report.diffUrl()).isEmpty();
        assertThat(report.top()).singleElement().extracting(FunctionStat::name)
                .isEqualTo("com/acme/MatrixCalculator.multiply");
    }

    @Test
    void shouldPriceCpuGrowthWhenACostIsConfigured() {
        // Given
        ProfileSource source = source(Map.of(
                "41", ok("classic-cpu-baseline.json"), "42", ok("classic-cpu-run.json")));
        CoreHourCost cost = new CoreHourCost(0.05, 100, "USD");

        // When
        ProfileReport report = new ProfileExplainer(source, 1, Optional.of(cost))
                .compare(TARGET, ProfileType.CPU, BASELINE, RUN);

        // Then
        assertThat(report.lines()).singleElement().asString()
                .endsWith("; ≈ +313.96 USD per year (+6,279 core-hours at 100 req/s, 0.05 USD per core-hour)");
    }

    private static ProfileFetch ok(String resource) {
        return new ProfileFetch.Ok(Recorded.decode(resource), resource);
    }

    /** Answers by the selection's run_id label. */
    private static ProfileSource source(Map<String, ProfileFetch> byRunId) {
        return (target, type, selection) -> byRunId.getOrDefault(selection.labels().get("run_id"),
                new ProfileFetch.Empty("nothing recorded"));
    }
}

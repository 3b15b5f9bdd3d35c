package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.perfgate.definition.GateDefinition;
import dev.perfgate.results.RequestStats;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunStatus;

class ValidityTest {

    @ParameterizedTest(name = "{0} ({1}): {2}")
    @CsvSource(nullValues = "-", delimiter = '|', value = {
            "COMPLETED | -                              | -",
            "ABORTED   | load generator died            | the run was aborted: load generator died",
            "ABORTED   | -                              | the run was aborted",
            "INVALID   | wrong build deployed           | the run was marked invalid: wrong build deployed",
            "INVALID   | -                              | the run was marked invalid",
            "INVALID   | validity: 10 requests < 50 expected | -"})
    void shouldSetAsideAnAbortedOrHandInvalidatedRunButNotOneItsValidityMarked(RunStatus status, String reason,
            String setAside) {
        Instant start = Instant.parse("2026-11-23T10:00:00Z");
        Run run = new Run("id-1", "shop", "peak", "test", "154", null, null, null, null, null, null, List.of(),
                Map.of(), start, start.plusSeconds(60), 0, status, reason, start, null, null);

        assertThat(Validity.setAside(run).orElse(null)).isEqualTo(setAside);
    }

    @Test
    void shouldMakeARunWithoutRequestsInvalidWhenAnErrorRateIsExpected() {
        Instant start = Instant.parse("2026-11-23T10:00:00Z");
        Run run = new Run("id-1", "shop", "peak", "test", "154", null, null, null, null, null, null, List.of(),
                Map.of(), start, start.plusSeconds(60), 0, RunStatus.COMPLETED, null, start, null, null);
        RequestStats none = new RequestStats("All Requests", 0, 0, 0, null, null, null, null, null, null, null, null,
                null, null, 0.0);
        RunResults results = new RunResults("id-1", "perfgate-results/v1", "gatling", null, false, none, List.of(),
                Map.of(), List.of(), start);

        assertThat(Validity.problems(new GateDefinition.Validity(null, null, 5.0, null), run, results))
                .containsExactly("no error rate (no requests), so at most 5 % allowed cannot be checked");
        assertThat(Validity.problems(GateDefinition.Validity.NONE, run, results)).isEmpty();
    }
}

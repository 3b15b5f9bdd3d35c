package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perfgate.definition.GateDefinition;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Trigger;

class ValidityTest {

    private static Run run(int rampUpSeconds, long seconds) {
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        return new Run("id", "s", "w", "e", "1", null, null, null, null, null, Trigger.API, List.of(), Map.of(),
                start, start.plusSeconds(seconds), rampUpSeconds, RunStatus.COMPLETED, null, start, null, null);
    }

    @Test
    void shouldFindNoSteadyStateWhenTheRunEndsWithinItsRampUp() {
        List<String> problems = Validity.problems(GateDefinition.Validity.NONE, run(30, 12), null);

        assertThat(problems).containsExactly(
                "the run ended 12 s after its start, within its 30 s ramp-up: there is no steady state to judge");
    }

    @Test
    void shouldAcceptARunWithASteadyStateWhenNothingElseIsExpected() {
        assertThat(Validity.problems(GateDefinition.Validity.NONE, run(30, 90), null)).isEmpty();
    }
}

package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perfgate.results.ResultsDocument;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunStatus;

class JudgedWindowTest {

    private static final Instant CLI_START = Instant.parse("2026-11-23T10:00:00Z");
    private static final Instant CLI_END = CLI_START.plusSeconds(45);

    /** The CLI's run: started before Maven and Gatling's JVM, ended after Gatling's report; 10 s ramp-up. */
    private static Run run() {
        return new Run("id-1", "shop", "peak", "test", "154", "1.4", null, null, null, null, null, List.of(), Map.of(),
                CLI_START, CLI_END, 10, RunStatus.COMPLETED, null, CLI_START, null, null);
    }

    private static RunResults results(ResultsDocument.Window window, boolean includesRampUp) {
        return new RunResults("id-1", "perfgate-results/v1", "gatling", window, includesRampUp, null, List.of(), Map.of(),
                List.of(), CLI_END);
    }

    @Test
    void shouldLeaveTheDeclaredWarmUpOutOfTheJudgedWindow() {
        // Given checks that declare a 20 s warm-up, and Gatling's steady state from 15 s to 41 s
        var gate = new dev.perfgate.definition.DefinitionParser().parse("g.yaml", """
                system: shop
                warmup: 20s
                checks:
                  - id: p99
                    results: { stat: p99 }
                    requirement: "<= 200ms"
                """).definition();
        Instant gatlingStart = CLI_START.plusSeconds(5);
        var window = new ResultsDocument.Window(gatlingStart, CLI_END.minusSeconds(4), gatlingStart.plusSeconds(10));

        // When
        JudgedWindow judged = JudgedWindow.of(gate, run(), results(window, false));
        JudgedWindow tooLong = JudgedWindow.of(gate, run(), results(window, false)).afterWarmup(java.time.Duration.ofSeconds(10));

        // Then
        assertThat(judged.steadyStateStart()).isEqualTo(gatlingStart.plusSeconds(30));
        assertThat(judged.end()).isEqualTo(CLI_END.minusSeconds(4));
        assertThat(judged.hasSteadyState()).isTrue();
        assertThat(tooLong.hasSteadyState()).as("a warm-up past the end leaves nothing to judge").isFalse();
    }

    @Test
    void shouldCountTheDeclaredWarmUpFromTheProcessStartWhenItIsKnown() {
        // Given checks with a 60 s warm-up, and the run's steady state from 10:00:10 to 10:00:45
        var gate = new dev.perfgate.definition.DefinitionParser().parse("g.yaml", """
                system: shop
                warmup: 60s
                checks:
                  - id: p99
                    results: { stat: p99 }
                    requirement: "<= 200ms"
                """).definition();

        // When the process started an hour before, 30 s before (a restart before the run), or is not known
        JudgedWindow warm = JudgedWindow.of(gate, run(), null, java.util.Optional.of(CLI_START.minusSeconds(3600)));
        JudgedWindow restarted = JudgedWindow.of(gate, run(), null, java.util.Optional.of(CLI_START.minusSeconds(30)));
        JudgedWindow unknown = JudgedWindow.of(gate, run(), null, java.util.Optional.empty());

        // Then a warm process is judged over the whole steady state; a restarted one from its start plus the warm-up
        assertThat(warm.steadyStateStart()).isEqualTo(CLI_START.plusSeconds(10));
        assertThat(restarted.steadyStateStart()).isEqualTo(CLI_START.plusSeconds(30));
        assertThat(restarted.end()).isEqualTo(CLI_END);
        assertThat(unknown.steadyStateStart()).as("not known: the warm-up counts from the steady state")
                .isEqualTo(CLI_START.plusSeconds(70));
        assertThat(unknown.hasSteadyState()).isFalse();
    }

    @Test
    void shouldTellAProcessThatStartedInsideTheJudgedWindow() {
        // Given the judged window 10:00:10 to 10:00:45, and process start times as Prometheus returns them
        JudgedWindow window = JudgedWindow.of(run(), null);
        double before = CLI_START.minusSeconds(3600).getEpochSecond();
        double restarted = CLI_START.plusSeconds(22).getEpochSecond();

        // When / Then
        assertThat(window.startedWithin(List.of(before, before))).as("started an hour before").isEmpty();
        assertThat(window.startedWithin(List.of(before, restarted, restarted))).hasValueSatisfying(reason ->
                assertThat(reason).isEqualTo("the process started at 2026-11-23T10:00:22Z, 12 s into the judged window"
                        + " (2026-11-23T10:00:10Z to 2026-11-23T10:00:45Z): a cold JVM"));
    }

    @Test
    void shouldJudgeTheLoadToolsOwnSteadyStateNotTheClisTimes() {
        // Given Gatling's first request 5 s after the CLI started, its last response 4 s before the CLI ended
        Instant gatlingStart = CLI_START.plusSeconds(5);
        var window = new ResultsDocument.Window(gatlingStart, CLI_END.minusSeconds(4), gatlingStart.plusSeconds(10));

        // When
        JudgedWindow judged = JudgedWindow.of(run(), results(window, false));

        // Then
        assertThat(judged.fromLoadTool()).isTrue();
        assertThat(judged.steadyStateStart()).isEqualTo(CLI_START.plusSeconds(15));
        assertThat(judged.end()).isEqualTo(CLI_END.minusSeconds(4));
        assertThat(judged.duration().toSeconds()).isEqualTo(26);
    }

    @Test
    void shouldKeepTheRunsOwnWindowWithoutAUsableRecord() {
        var stats = new ResultsDocument.Window(CLI_START, CLI_END, CLI_START);
        var farAway = new ResultsDocument.Window(CLI_START.plusSeconds(3_600), CLI_END.plusSeconds(3_700),
                CLI_START.plusSeconds(3_610));
        var empty = new ResultsDocument.Window(CLI_START.plusSeconds(20), CLI_START.plusSeconds(20), CLI_START.plusSeconds(20));

        assertThat(JudgedWindow.of(run(), null).fromLoadTool()).as("no results").isFalse();
        assertThat(JudgedWindow.of(run(), results(stats, true)).fromLoadTool()).as("stats.json: ramp-up inside").isFalse();
        assertThat(JudgedWindow.of(run(), results(farAway, false)).fromLoadTool()).as("another clock's hour").isFalse();
        assertThat(JudgedWindow.of(run(), results(empty, false)).fromLoadTool()).as("no steady state in it").isFalse();
        assertThat(JudgedWindow.of(run(), null).steadyStateStart()).isEqualTo(CLI_START.plusSeconds(10));
        assertThat(JudgedWindow.of(run(), null).end()).isEqualTo(CLI_END);
    }
}

package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import dev.perfgate.definition.DefinitionParser;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.run.RegressionReview;

/** The backtest's replay on seeded histories: plain numbers in, verdicts per run out, no I/O. */
class BacktestTest {

    static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");
    static final int RUNS = 20;
    static final int STEP_AT = 12;

    static GateDefinition gate(String growth, String extraCheck) {
        DefinitionParser.Result parsed = new DefinitionParser().parse("shop.yaml", """
                system: shop
                baseline: { strategy: median, runs: 5 }
                checks:
                  - id: p99
                    name: p99 response time
                    results: { stat: p99 }
                    growth: "%s"
                %s""".formatted(growth, extraCheck));
        assertThat(parsed.problems()).isEmpty();
        return parsed.definition();
    }

    /** p99 around 100 ms with 2 % noise (seeded), +30 % from run {@link #STEP_AT} on; runs are numbered from 1. */
    static List<Double> history() {
        Random random = new Random(15);
        return IntStream.rangeClosed(1, RUNS)
                .mapToObj(i -> 100 * (i >= STEP_AT ? 1.30 : 1.0) * (1 + 0.02 * random.nextGaussian())).toList();
    }

    static List<Backtest.Recorded> recorded(List<Double> p99, List<String> actual) {
        List<Backtest.Recorded> runs = new ArrayList<>();
        for (int i = 0; i < p99.size(); i++) {
            runs.add(new Backtest.Recorded("id" + (i + 1), String.valueOf(i + 1), T0.plusSeconds(3600L * i),
                    actual.get(i), null, List.of(),
                    Map.of("p99", List.of(new ValueResolver.Resolved(null, Measurement.of(p99.get(i)))))));
        }
        return runs;
    }

    static List<String> all(String status) {
        return java.util.Collections.nCopies(RUNS, status);
    }

    static List<String> statuses(List<Backtest.Row> rows) {
        return rows.stream().map(Backtest.Row::replayed).toList();
    }

    @Test
    void shouldFlagARegressionInsertedAtRunKAtRunK() {
        List<Backtest.Row> rows = Backtest.replay(gate("<= +10%", ""), recorded(history(), all("PASS")), null);

        assertThat(statuses(rows).subList(0, STEP_AT - 1)).as("the runs before the step").containsOnly("PASS");
        assertThat(rows.get(STEP_AT - 1).replayed()).as("run %d, the first of the step", STEP_AT).isEqualTo("FAIL");
        assertThat(rows.get(STEP_AT - 1).findings()).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("p99 response time").contains("> +10 %"));
        assertThat(statuses(rows).subList(STEP_AT - 1, RUNS)).as("a regression never enters the baseline").containsOnly("FAIL");
    }

    @Test
    void shouldFlipTheRegressedRunsWhenTheThresholdIsLoosened() {
        List<String> actual = statuses(Backtest.replay(gate("<= +10%", ""), recorded(history(), all("PASS")), null));
        List<Backtest.Recorded> runs = recorded(history(), actual);

        List<Backtest.Row> loosened = Backtest.replay(gate("<= +40%", ""), runs, null);
        Backtest.Summary summary = Backtest.summarize(loosened, runs);

        assertThat(statuses(loosened)).containsOnly("PASS");
        assertThat(loosened.stream().filter(Backtest.Row::changed).map(Backtest.Row::runId).toList())
                .as("exactly the runs of the step flip").isEqualTo(IntStream.rangeClosed(STEP_AT, RUNS).mapToObj(String::valueOf).toList());
        assertThat(summary.changed()).isEqualTo(RUNS - STEP_AT + 1);
        assertThat(summary.clearedFails()).isEqualTo(RUNS - STEP_AT + 1);
        assertThat(summary.newFails()).isZero();
        assertThat(summary.actual()).containsEntry("FAIL", RUNS - STEP_AT + 1).containsEntry("PASS", STEP_AT - 1);
    }

    @Test
    void shouldCountNewFailsOnRunsThatPassedWhenTheThresholdIsTightened() {
        List<Backtest.Recorded> runs = recorded(history(), all("PASS"));

        Backtest.Summary summary = Backtest.summarize(Backtest.replay(gate("<= +10%", ""), runs, null), runs);

        assertThat(summary.newFails()).isEqualTo(RUNS - STEP_AT + 1);
        assertThat(summary.failsOnGoodRuns()).as("FAILs on runs accepted as good").isEqualTo(RUNS - STEP_AT + 1);
        assertThat(summary.replayed()).containsEntry("FAIL", RUNS - STEP_AT + 1);
    }

    @Test
    void shouldMakeAnAcceptedRegressionPartOfTheBaseline() {
        List<Backtest.Recorded> runs = new ArrayList<>(recorded(history(), all("PASS")));
        for (int i = STEP_AT - 1; i < RUNS; i++) {
            Backtest.Recorded r = runs.get(i);
            runs.set(i, new Backtest.Recorded(r.id(), r.runId(), r.startedAt(), "FAIL", RegressionReview.Decision.ACCEPTED,
                    r.invalid(), r.values()));
        }

        List<Backtest.Row> rows = Backtest.replay(gate("<= +10%", ""), runs, null);

        assertThat(rows.get(RUNS - 1).replayed()).as("five accepted runs later the median is the new level").isEqualTo("PASS");
        assertThat(Backtest.summarize(rows, runs).failsOnGoodRuns()).as("the accepted runs that still FAIL").isPositive();
    }

    @Test
    void shouldJudgeACheckItCannotReplayInconclusiveNeverPass() {
        GateDefinition gate = gate("<= +10%", """
                  - id: cpu
                    name: avg CPU
                    unit: "%"
                    prometheus: { query: 'avg(rate(process_cpu_seconds_total[5s])) * 100', aggregate: avg }
                    requirement: "< 50"
                prometheus: { url: "http://127.0.0.1:1" }
                """);
        List<Backtest.Recorded> runs = recorded(history(), all("PASS")).subList(0, 3);

        List<Backtest.Row> rows = Backtest.replay(gate, runs, null);

        assertThat(statuses(rows)).containsOnly("INCONCLUSIVE");
        assertThat(rows.get(0).notReplayable()).containsExactly("avg CPU");
        assertThat(rows.get(0).findings()).singleElement().satisfies(f -> assertThat(f.message())
                .isEqualTo("avg CPU: no data (not replayable: no value was recorded)"));
        assertThat(Backtest.summarize(rows, runs).notReplayableRuns()).isEqualTo(3);
    }

    @Test
    void shouldKeepAnInvalidRunOutOfTheBaseline() {
        List<Double> p99 = new ArrayList<>(history().subList(0, 8));
        p99.set(5, 400.0);
        List<Backtest.Recorded> runs = new ArrayList<>(recorded(p99, all("PASS").subList(0, 8)));
        Backtest.Recorded r = runs.get(5);
        runs.set(5, new Backtest.Recorded(r.id(), r.runId(), r.startedAt(), "INVALID", null,
                List.of("40 requests < 50 expected"), Map.of()));

        List<Backtest.Row> rows = Backtest.replay(gate("<= +10%", ""), runs, null);

        assertThat(rows.get(5).replayed()).isEqualTo("INVALID");
        assertThat(rows.get(5).changed()).isFalse();
        assertThat(statuses(rows.subList(6, 8))).containsOnly("PASS");
    }
}

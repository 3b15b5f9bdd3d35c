package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perfgate.check.GrowthHistory.Past;
import dev.perfgate.check.GrowthHistory.Standing;
import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.CheckDefinition.Severity;
import dev.perfgate.definition.Rule;
import dev.perfgate.definition.ValueSource;

class GrowthDecisionTest {

    /** Ten good runs with median 100 and a robust sd of 4.45 (MAD 3): runs 10 (newest) down to 1. */
    private static final double[] NOISY = {100, 94, 106, 100, 97, 103, 92, 108, 100, 100};

    private static CheckDefinition p99(String requirement, boolean key) {
        return new CheckDefinition("p99", "p99", "ms", new ValueSource.Results(null, null, "p99"),
                requirement == null ? null : Rule.parse(requirement, false), Rule.parse("<= +10%", true), 0,
                Severity.FAIL, key, "fp");
    }

    private static List<Past> good(double... newestFirst) {
        List<Past> runs = new ArrayList<>();
        for (int i = 0; i < newestFirst.length; i++) {
            String runId = String.valueOf(newestFirst.length - i);
            runs.add(new Past("id" + runId, runId, newestFirst[i], Standing.GOOD));
        }
        return runs;
    }

    private static CheckResult judge(CheckDefinition check, double value, List<Past> newestFirst) {
        GrowthHistory history = new GrowthHistory(newestFirst, 10);
        return Evaluator.evaluate(check, null, Measurement.of(value), history.median(5), history);
    }

    @Test
    void shouldMeasureAChangeInSdOfTheComparisonWithTheMediansOwnNoise() {
        assertThat(GrowthDecision.sigmas(10, 5, 1, 5)).as("10 / (5 × √(1 + π/2 / 5))").isCloseTo(1.744, within(0.001));
        assertThat(GrowthDecision.sigmas(10, 5, 1, 1)).as("one run against one run: √2").isCloseTo(1.414, within(0.001));
        assertThat(GrowthDecision.sigmas(10, 5, 2, 5)).as("two runs together: 10 / (5 × √(1/2 + π/2 / 5))").isCloseTo(2.217, within(0.001));
    }

    @Test
    void shouldFailAReturnToTheOldLevelAfterAnImprovementAtOnce() {
        // an improvement to about 75 four runs ago, after runs at about 150; a return to 150 is +95 % over the new level
        List<Past> history = good(74, 77, 79, 75, 148, 155, 143, 150, 152, 146);

        CheckResult back = judge(p99(null, false), 150, history);
        CheckResult within = judge(p99(null, false), 79, history);

        assertThat(back.status()).as(back.message()).isEqualTo(CheckStatus.FAIL);
        assertThat(back.noise().decision()).isEqualTo(GrowthDecision.SIGNIFICANT);
        assertThat(back.message()).contains("150 ms vs 77 ms in median of 5 runs (6–10): +94.8 %");
        assertThat(back.noise().runs()).as("measured on the four runs since the improvement").isEqualTo(4);
        assertThat(back.noise().median()).isEqualTo(76);
        assertThat(within.status()).isEqualTo(CheckStatus.PASS);
    }

    @Test
    void shouldMeasureTheNoiseOnTheNewerLevelOnlyAfterAnImprovement() {
        List<Double> improved = List.of(74.0, 77.0, 79.0, 75.0, 148.0, 155.0, 143.0, 150.0, 152.0, 146.0);
        List<Double> worse = List.of(148.0, 155.0, 143.0, 150.0, 74.0, 77.0, 79.0, 75.0, 76.0, 78.0);

        assertThat(Noise.currentLevel(improved, true)).containsExactly(74.0, 77.0, 79.0, 75.0);
        assertThat(Noise.currentLevel(improved, false)).as("lower is worse: a drop is no improvement").isEqualTo(improved);
        assertThat(Noise.currentLevel(worse, true)).as("a rise that passed needs no cut").isEqualTo(worse);
        assertThat(Noise.currentLevel(good(NOISY).stream().map(Past::value).toList(), true)).as("one level").hasSize(10);
        assertThat(Noise.currentLevel(List.of(75.0, 76.0, 74.0, 150.0, 151.0, 149.0), true))
                .as("three runs at the newer level are too few to tell a level from chance").hasSize(6);
    }

    @Test
    void shouldWarnSuspectedWhenTheBreachLiesInsideTheNoise() {
        CheckResult result = judge(p99(null, false), 111, good(NOISY));

        assertThat(result.status()).isEqualTo(CheckStatus.WARN);
        assertThat(result.growthStatus()).isEqualTo(CheckStatus.WARN);
        assertThat(result.noise().decision()).isEqualTo(GrowthDecision.SUSPECTED);
        assertThat(result.noise().sigmas()).as("11 / (4.45 × √(1 + π/2 / 10))").isCloseTo(2.30, within(0.01));
        assertThat(result.message()).isEqualTo("p99 111 ms vs 100 ms in median of 5 runs (6–10): +11 % > +10 %; "
                + "noise 100 ms ± 4.45 % over 10 runs: 2.3 sd, not significant (needs 3): suspected, a FAIL if one of the next two runs repeats it");
    }

    @Test
    void shouldFailAtOnceWhenTheBreachIsBeyondThreeSd() {
        CheckResult within = judge(p99(null, false), 113, good(NOISY));
        CheckResult beyond = judge(p99(null, false), 116, good(NOISY));

        assertThat(within.status()).as("+13 %%: 2.72 sd").isEqualTo(CheckStatus.WARN);
        assertThat(beyond.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(beyond.noise().decision()).isEqualTo(GrowthDecision.SIGNIFICANT);
        assertThat(beyond.noise().evidence()).isEqualTo("noise 100 ms ± 4.45 % over 10 runs: 3.34 sd, significant");
        assertThat(beyond.message()).isEqualTo("p99 116 ms vs 100 ms in median of 5 runs (6–10): +16 % > +10 %");
    }

    @Test
    void shouldConfirmASuspicionThatTheNextRunRepeatsNamingBothRuns() {
        List<Past> history = new ArrayList<>(good(NOISY));
        history.add(0, new Past("id11", "11", 111, Standing.SUSPECTED));

        CheckResult result = judge(p99(null, false), 112, history);

        assertThat(result.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(result.noise().decision()).isEqualTo(GrowthDecision.CONFIRMED);
        assertThat(result.baselineLabel()).as("the level before the suspected run").isEqualTo("median of 5 runs (6–10)");
        assertThat(result.message()).endsWith("+12 % > +10 %; confirmed: run 11 broke the rule before, together with this run "
                + "+11.5 % vs median of 5 runs (6–10), noise 100 ms ± 4.45 % over 10 runs: 3.19 sd");
    }

    @Test
    void shouldConfirmTwoBreachesInThreeRuns() {
        List<Past> history = new ArrayList<>(good(NOISY));
        history.add(0, new Past("id11", "11", 111, Standing.SUSPECTED));
        history.add(0, new Past("id12", "12", 104, Standing.GOOD));

        CheckResult result = judge(p99(null, false), 113, history);

        assertThat(result.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(result.message()).contains("confirmed: run 11, run 12 broke the rule before")
                .contains("together with this run +9.33 %");
    }

    @Test
    void shouldPassWhenTheRunAfterASuspicionKeepsTheRule() {
        List<Past> history = new ArrayList<>(good(NOISY));
        history.add(0, new Past("id11", "11", 111, Standing.SUSPECTED));

        CheckResult result = judge(p99(null, false), 101, history);

        assertThat(result.status()).isEqualTo(CheckStatus.PASS);
        assertThat(result.noise().decision()).isNull();
    }

    @Test
    void shouldNeverFailAFivePercentStepOnAQuietSeriesButKeepItOutOfTheBaseline() {
        double[] quiet = {100, 100.5, 99.5, 100, 100.2, 99.8, 100, 100.4, 99.6, 100};

        CheckResult result = judge(p99(null, false), 105, good(quiet));

        assertThat(result.status()).isEqualTo(CheckStatus.PASS);
        assertThat(result.noise().decision()).isEqualTo(GrowthDecision.ELEVATED);
        assertThat(result.message()).isEqualTo("p99 105 ms vs 100 ms in median of 5 runs (6–10): +5 % <= +10 %");
    }

    @Test
    void shouldKeepTheRuleAloneWhenTheNoiseIsNotMeasuredYet() {
        CheckResult result = judge(p99(null, false), 111, good(100, 100));

        assertThat(result.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(result.noise()).isNull();
    }

    @Test
    void shouldKeepRequirementsAbsoluteWhateverTheNoise() {
        CheckResult result = judge(p99("<= 105", false), 106, good(NOISY));

        assertThat(result.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(result.requirementStatus()).isEqualTo(CheckStatus.FAIL);
        assertThat(result.growthStatus()).isEqualTo(CheckStatus.PASS);
    }

    @Test
    void shouldLetASuspicionOnAKeyCheckWarnRatherThanFail() {
        CheckResult result = judge(p99(null, true), 111, good(NOISY));

        assertThat(result.status()).as("a key check fails on a broken rule, not on a suspicion").isEqualTo(CheckStatus.WARN);
    }

    @Test
    void shouldJudgeAThroughputDropInTheWorseDirection() {
        CheckDefinition throughput = new CheckDefinition("rps", "throughput", "req/s",
                new ValueSource.Results(null, null, "throughput"), null, Rule.parse(">= -5%", true), 0,
                Severity.FAIL, false, "fp");

        CheckResult drop = judge(throughput, 80, good(NOISY));
        CheckResult small = judge(throughput, 93, good(NOISY));

        assertThat(drop.noise().decision()).isEqualTo(GrowthDecision.SIGNIFICANT);
        assertThat(drop.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(small.noise().decision()).isEqualTo(GrowthDecision.SUSPECTED);
    }
}

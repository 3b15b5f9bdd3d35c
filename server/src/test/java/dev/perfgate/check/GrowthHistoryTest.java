package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perfgate.check.GrowthHistory.Past;
import dev.perfgate.check.GrowthHistory.Standing;

class GrowthHistoryTest {

    private static Past run(int runId, double value, Standing standing) {
        return new Past("id" + runId, String.valueOf(runId), value, standing);
    }

    @Test
    void shouldKeepAnOpenSuspicionOutOfTheBaselineAndCompareWithTheLevelBeforeIt() {
        GrowthHistory history = new GrowthHistory(List.of(run(7, 130, Standing.SUSPECTED), run(6, 100, Standing.GOOD),
                run(5, 101, Standing.GOOD), run(4, 99, Standing.GOOD)), 10);

        assertThat(history.openSuspicion()).extracting(Past::runId).containsExactly("7");
        assertThat(history.median(5).value()).isEqualTo(100);
        assertThat(history.median(5).label()).isEqualTo("median of 3 runs (4–6)");
        assertThat(history.previous().label()).isEqualTo("run 6");
        assertThat(history.noiseValues()).containsExactly(100.0, 101.0, 99.0);
    }

    @Test
    void shouldLetASpikeThatDidNotRepeatCountAsNoiseWithoutMovingTheMedian() {
        GrowthHistory history = new GrowthHistory(List.of(run(9, 100, Standing.GOOD), run(8, 100, Standing.GOOD),
                run(7, 130, Standing.SUSPECTED), run(6, 99, Standing.GOOD), run(5, 101, Standing.GOOD)), 10);

        assertThat(history.openSuspicion()).isEmpty();
        assertThat(history.noiseValues()).as("a noise-high run that was only suspected still counts").contains(130.0);
        assertThat(history.median(5).value()).isEqualTo(100);
    }

    @Test
    void shouldNeverUseAConfirmedRegressionButSettleAnElevatedLevelAfterThreeRuns() {
        GrowthHistory history = new GrowthHistory(List.of(run(9, 105, Standing.ELEVATED), run(8, 105, Standing.ELEVATED),
                run(7, 104, Standing.ELEVATED), run(6, 106, Standing.ELEVATED), run(5, 130, Standing.REGRESSED),
                run(4, 100, Standing.GOOD)), 10);

        assertThat(history.good(10)).extracting(Past::runId).containsExactly("6", "4");
        assertThat(history.openSuspicion()).as("elevated runs alone are no suspicion").isEmpty();
    }

    @Test
    void shouldKeepASuspicionOpenForTwoRunsAndLeaveThoseRunsOutOfTheBaseline() {
        GrowthHistory history = new GrowthHistory(List.of(run(9, 101, Standing.GOOD), run(8, 112, Standing.SUSPECTED),
                run(7, 100, Standing.GOOD), run(6, 100, Standing.GOOD)), 10);

        assertThat(history.openSuspicion()).extracting(Past::runId).containsExactly("9", "8");
        assertThat(history.good(10)).extracting(Past::runId).containsExactly("7", "6");
    }

    @Test
    void shouldSettleASuspicionTheNextTwoRunsDidNotRepeat() {
        GrowthHistory history = new GrowthHistory(List.of(run(10, 100, Standing.GOOD), run(9, 111, Standing.SUSPECTED),
                run(8, 112, Standing.SUSPECTED), run(7, 100, Standing.GOOD)), 10);

        assertThat(history.openSuspicion()).extracting(Past::runId).containsExactly("10", "9");
        assertThat(history.good(10)).as("run 8 is too old to be confirmed and was not").extracting(Past::runId)
                .containsExactly("8", "7");
    }

    @Test
    void shouldTellHowARunStandsFromItsStoredCheck() {
        Noise measured = new Noise(10, 100, 3, 4.45, 4.45, false, null);
        CheckResult suspected = check(measured.withDecision(GrowthDecision.SUSPECTED, 2.3, "…"), CheckStatus.WARN);
        CheckResult elevated = check(measured.withDecision(GrowthDecision.ELEVATED, 2.5, "…"), CheckStatus.PASS);
        CheckResult passed = check(measured, CheckStatus.PASS);

        assertThat(Standing.of(suspected, false)).as("a suspicion waits, whatever else the run did").isEqualTo(Standing.SUSPECTED);
        assertThat(Standing.of(elevated, true)).isEqualTo(Standing.ELEVATED);
        assertThat(Standing.of(elevated, false)).isEqualTo(Standing.REGRESSED);
        assertThat(Standing.of(passed, true)).isEqualTo(Standing.GOOD);
        assertThat(Standing.of(null, true)).isEqualTo(Standing.GOOD);
    }

    private static CheckResult check(Noise noise, CheckStatus growth) {
        return new CheckResult("p99", "p99", "fp", null, growth, false, "FAIL", 111.0, "ms", null, null, "<= +10%", growth,
                "b", "median of 5 runs", 100.0, 11.0, 11.0, 0.0, noise, "", List.of());
    }
}

package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.perfgate.check.GrowthHistory.Past;
import dev.perfgate.check.GrowthHistory.Standing;
import dev.perfgate.definition.GateDefinition.BaselineStrategy;

class GrowthHistoryTest {

    private static final String CPU = PastRun.key("fp-cpu", null);

    private static Past run(int runId, double value, Standing standing) {
        return new Past("id" + runId, String.valueOf(runId), value, standing);
    }

    /** Runs n (newest) to 1 of a series: value of avg CPU, or '-' for none; a leading '!' marks a regressed run. */
    static List<PastRun> runs(String... values) {
        List<PastRun> runs = new ArrayList<>();
        for (int i = 0, number = values.length; i < values.length; i++, number--) {
            boolean good = !values[i].startsWith("!");
            String value = values[i].replace("!", "");
            runs.add(new PastRun("id-" + number, String.valueOf(number), good, value.equals("-") ? Map.of()
                    : Map.of(CPU, new PastRun.Check(Double.parseDouble(value), good ? Standing.GOOD : Standing.REGRESSED))));
        }
        return runs;
    }

    private static GrowthHistory history(String values, int noiseRuns) {
        return GrowthHistory.of(runs(values.split(",\\s*")), CPU, noiseRuns);
    }

    @ParameterizedTest(name = "previous of [{0}] is {1} from {2}")
    @CsvSource(delimiter = ';', nullValues = "none", value = {
            "20, 30, 40;   20; run 3",
            "-, 30, 40;  30; run 2",
            "!90, 30, 40;  90; run 3",
            "-, -;     none; none"})
    void shouldTakeThePreviousRunWithTheValueGoodOrNot(String values, Double expected, String label) {
        BaselineValue baseline = history(values, 3).baseline(BaselineStrategy.PREVIOUS, 3, null, CPU);

        assertThat(baseline == null ? null : baseline.value()).isEqualTo(expected);
        assertThat(baseline == null ? null : baseline.label()).isEqualTo(label);
    }

    @Test
    void shouldNeverTakeADeniedRegressionAsThePreviousRun() {
        GrowthHistory failed = new GrowthHistory(List.of(run(3, 90, Standing.REGRESSED), run(2, 30, Standing.GOOD)), 10);
        GrowthHistory denied = new GrowthHistory(List.of(run(3, 90, Standing.DENIED), run(2, 30, Standing.GOOD)), 10);

        assertThat(failed.previous().label()).as("Perfana's rule: the failed run").isEqualTo("run 3");
        assertThat(denied.previous().label()).as("an admin said it is a real regression").isEqualTo("run 2");
        assertThat(denied.median(5).label()).isEqualTo("run 2");
    }

    @ParameterizedTest(name = "median of {1} good runs in [{0}] is {2} ({3})")
    @CsvSource(delimiter = ';', nullValues = "none", value = {
            "10, 30, 20, 100, 40;   3; 20;   median of 3 runs (3–5)",
            "10, !90, 30, 20, 40;   3; 20;   median of 3 runs (2–5)",
            "10, -, 30;           3; 20;   median of 2 runs (1–3)",
            "10, 30, 20, 100, 40;   1; 10;   run 5",
            "!90, !80;              3; none; none"})
    void shouldTakeTheMedianOfTheLastGoodRuns(String values, int runs, Double expected, String label) {
        BaselineValue baseline = history(values, 3).baseline(BaselineStrategy.MEDIAN, runs, null, CPU);

        assertThat(baseline == null ? null : baseline.value()).isEqualTo(expected);
        assertThat(baseline == null ? null : baseline.label()).isEqualTo(label);
    }

    @Test
    void shouldComparePinnedWithThePinnedRunHoweverOld() {
        PastRun pin = new PastRun("id-1", "1", true, Map.of(CPU, new PastRun.Check(12.5, Standing.GOOD)));

        BaselineValue baseline = history("30, 31", 3).baseline(BaselineStrategy.PINNED, 3, pin, CPU);

        assertThat(baseline).isEqualTo(new BaselineValue("id-1", "pinned run 1", 12.5));
    }

    @Test
    void shouldFallBackToThePreviousRunWhenThePinLacksTheValueOrThereIsNoPin() {
        PastRun pinWithoutCpu = new PastRun("id-1", "1", true, Map.of());

        BaselineValue withoutValue = history("30, 31", 3).baseline(BaselineStrategy.PINNED, 3, pinWithoutCpu, CPU);
        BaselineValue noPin = history("30, 31", 3).baseline(BaselineStrategy.PINNED, 3, null, CPU);

        assertThat(withoutValue).as("pin without the value").isEqualTo(new BaselineValue("id-2", "run 2", 30));
        assertThat(noPin).as("no pin").isEqualTo(new BaselineValue("id-2", "run 2", 30));
    }

    @Test
    void shouldBuildTheNoiseBandFromTheLastGoodRunsOnly() {
        List<Double> noise = history("10, !90, -, 12, 11, 13", 3).noiseValues();

        assertThat(noise).containsExactly(10.0, 12.0, 11.0);
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

    @ParameterizedTest(name = "reviewed {0}, run good {1}, decision {2}: {3}")
    @CsvSource(nullValues = "none", value = {
            "false, false, suspected, SUSPECTED",
            "false, true,  elevated,  ELEVATED",
            "false, false, elevated,  REGRESSED",
            "false, true,  none,      GOOD",
            "false, false, none,      REGRESSED",
            "true,  true,  suspected, GOOD",
            "true,  false, elevated,  DENIED"})
    void shouldTellHowARunStandsForACheck(boolean reviewed, boolean runGood, String decision, Standing expected) {
        Standing standing = Standing.of(reviewed, runGood, decision);

        assertThat(standing).as("a suspicion waits, whatever else the run did, unless the run was reviewed")
                .isEqualTo(expected);
    }
}

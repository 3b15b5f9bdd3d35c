package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.perfgate.definition.GateDefinition.BaselineStrategy;

class BaselinesTest {

    private static final String CPU = Baselines.key("fp-cpu", null);

    /** Runs 5 (newest) to 1 of a series: value of avg CPU, or '-' for none; a leading '!' marks a run not good. */
    private static List<PastRun> history(String... values) {
        int number = values.length;
        PastRun[] runs = new PastRun[values.length];
        for (int i = 0; i < values.length; i++, number--) {
            boolean good = !values[i].startsWith("!");
            String value = values[i].replace("!", "");
            runs[i] = new PastRun("id-" + number, String.valueOf(number), good,
                    value.equals("-") ? Map.of() : Map.of(CPU, Double.parseDouble(value)));
        }
        return Arrays.asList(runs);
    }

    @ParameterizedTest(name = "previous of [{0}] is {1} from {2}")
    @CsvSource(delimiter = ';', nullValues = "none", value = {
            "20, 30, 40;   20; run 3",
            "-, 30, 40;  30; run 2",
            "!90, 30, 40;  90; run 3",
            "-, -;     none; none"})
    void shouldTakeThePreviousRunWithTheValueGoodOrNot(String values, Double expected, String label) {
        BaselineValue baseline = Baselines.previous(history(values.split(",\\s*")), CPU);

        assertThat(baseline == null ? null : baseline.value()).isEqualTo(expected);
        assertThat(baseline == null ? null : baseline.label()).isEqualTo(label);
    }

    @ParameterizedTest(name = "median of {1} good runs in [{0}] is {2} ({3})")
    @CsvSource(delimiter = ';', nullValues = "none", value = {
            "10, 30, 20, 100, 40;   3; 20;   median of 3 runs (3–5)",
            "10, !90, 30, 20, 40;   3; 20;   median of 3 runs (2–5)",
            "10, -, 30;           3; 20;   median of 2 runs (1–3)",
            "10, 30, 20, 100, 40;   1; 10;   run 5",
            "!90, !80;              3; none; none"})
    void shouldTakeTheMedianOfTheLastGoodRuns(String values, int runs, Double expected, String label) {
        BaselineValue baseline = Baselines.median(history(values.split(",\\s*")), CPU, runs);

        assertThat(baseline == null ? null : baseline.value()).isEqualTo(expected);
        assertThat(baseline == null ? null : baseline.label()).isEqualTo(label);
    }

    @Test
    void shouldComparePinnedWithThePinnedRunHoweverOld() {
        PastRun pin = new PastRun("id-1", "1", true, Map.of(CPU, 12.5));

        BaselineValue baseline = Baselines.of(BaselineStrategy.PINNED, history("30", "31"), pin, 3, CPU);

        assertThat(baseline).isEqualTo(new BaselineValue("id-1", "pinned run 1", 12.5));
    }

    @Test
    void shouldFallBackToThePreviousRunWhenThePinLacksTheValueOrThereIsNoPin() {
        PastRun pinWithoutCpu = new PastRun("id-1", "1", true, Map.of());

        BaselineValue withoutValue = Baselines.of(BaselineStrategy.PINNED, history("30", "31"), pinWithoutCpu, 3, CPU);
        BaselineValue noPin = Baselines.of(BaselineStrategy.PINNED, history("30", "31"), null, 3, CPU);

        assertThat(withoutValue).as("pin without the value").isEqualTo(new BaselineValue("id-2", "run 2", 30));
        assertThat(noPin).as("no pin").isEqualTo(new BaselineValue("id-2", "run 2", 30));
    }

    @Test
    void shouldBuildTheNoiseBandFromTheLastGoodRunsOnly() {
        List<Double> noise = Baselines.noise(history("10", "!90", "-", "12", "11", "13"), CPU, 3);

        assertThat(noise).containsExactly(10.0, 12.0, 11.0);
    }

    @ParameterizedTest(name = "{0}: profiles compared with run {1}")
    @CsvSource({"PREVIOUS, 3", "MEDIAN, 2", "PINNED, 1"})
    void shouldCompareProfilesWithTheStrategysRun(BaselineStrategy strategy, String runId) {
        PastRun pin = new PastRun("id-1", "1", true, Map.of(CPU, 12.5));

        PastRun baseline = Baselines.profileBaseline(strategy, history("!90", "20", "21"), pin);

        assertThat(baseline.runId()).isEqualTo(runId);
    }
}

package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.perfgate.definition.GateDefinition.BaselineStrategy;

class JudgedHistoryTest {

    @ParameterizedTest(name = "{0}: profiles compared with run {1}")
    @CsvSource({"PREVIOUS, 3", "MEDIAN, 2", "PINNED, 1"})
    void shouldCompareProfilesWithTheStrategysRun(BaselineStrategy strategy, String runId) {
        PastRun pin = new PastRun("id-1", "1", true, Map.of());
        JudgedHistory.Past past = new JudgedHistory.Past(GrowthHistoryTest.runs("!90", "20", "21"), pin, Map.of());

        PastRun baseline = past.profileBaseline(strategy);

        assertThat(baseline.runId()).isEqualTo(runId);
    }

    @Test
    void shouldCompareProfilesWithAConclusiveRunBeforeAnInconclusiveOne() {
        // runs 3 and 2 were INCONCLUSIVE (the exporter down, then a cold JVM against run 3's missing profile)
        PastRun inconclusive3 = new PastRun("id-3", "3", true, Map.of(), false);
        PastRun inconclusive2 = new PastRun("id-2", "2", true, Map.of(), false);
        PastRun pass1 = new PastRun("id-1", "1", true, Map.of(), true);

        JudgedHistory.Past past = new JudgedHistory.Past(List.of(inconclusive3, inconclusive2, pass1), null, Map.of());
        JudgedHistory.Past onlyInconclusive = new JudgedHistory.Past(List.of(inconclusive3, inconclusive2), null, Map.of());

        assertThat(past.profileBaseline(BaselineStrategy.MEDIAN).runId()).isEqualTo("1");
        assertThat(onlyInconclusive.profileBaseline(BaselineStrategy.MEDIAN).runId())
                .as("none conclusive: the newest good run still").isEqualTo("3");
    }
}

package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

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
}

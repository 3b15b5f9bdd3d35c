package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The training start's results are JSON on any machine: a decimal comma locale (German) does not leak into them. */
class CiWorkloadTest {

    @Test
    void shouldWriteDecimalPointsWhateverTheLocale() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            JsonNode results = JsonMapper.builder().build().readTree(CiWorkload.results());

            assertThat(results.path("global").path("p99Ms").asDouble()).isBetween(120.0, 125.0);
            assertThat(results.path("requests")).hasSize(20);
            assertThat(results.path("requests").get(19).path("p95Ms").asDouble()).isBetween(97.0, 101.0);
        } finally {
            Locale.setDefault(before);
        }
    }
}

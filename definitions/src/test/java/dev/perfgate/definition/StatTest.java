package dev.perfgate.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class StatTest {

    @Test
    void shouldNameExactlyTheStatisticsTheSchemaAllows() throws IOException {
        List<String> schema = new ArrayList<>();
        try (InputStream in = Stat.class.getResourceAsStream("checks.schema.json")) {
            JsonNode enumeration = JsonMapper.builder().build().readTree(in).path("$defs").path("stat").path("enum");
            enumeration.forEach(s -> schema.add(s.asString()));
        }

        assertThat(Arrays.stream(Stat.values()).map(Stat::id).toList()).as("the schema's $defs.stat.enum")
                .isNotEmpty().isEqualTo(schema);
    }

    @Test
    void shouldRefuseAliasesTheSchemaForbids() {
        assertThat(Stat.find("avg")).isEmpty();
        assertThat(Stat.find("median")).isEmpty();
        assertThat(Stat.find("rps")).isEmpty();
        assertThat(Stat.find("p999")).isEmpty();
        assertThatThrownBy(() -> Stat.of("error_pct")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unknown statistic 'error_pct'").hasMessageContaining("errorPct");
    }

    @Test
    void shouldGiveEachStatisticItsUnitAndKind() {
        assertThat(Stat.of("p99.9")).isEqualTo(Stat.P999);
        assertThat(Stat.P95.unit()).isEqualTo("ms");
        assertThat(Stat.P95.latency()).isTrue();
        assertThat(Stat.KO.unit()).isEqualTo("requests");
        assertThat(Stat.ERROR_PCT.unit()).isEqualTo("%");
        assertThat(Stat.THROUGHPUT.unit()).isEqualTo("req/s");
        assertThat(Stat.THROUGHPUT.latency()).as("a rate is measured over every response").isFalse();
        assertThat(new ValueSource.Results(null, null, "mean").unit()).isEqualTo("ms");
    }
}

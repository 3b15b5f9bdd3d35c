package dev.perfgate.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.perfgate.definition.Stat;

class RequestStatsTest {

    private final RequestStats checkout = new RequestStats("/checkout", 100, 98, 2, 2.0, 5.0, 40.0, 300.0, 35.0, 45.0,
            60.0, 80.0, 120.0, 250.0, 20.5);

    @Test
    void shouldReadEveryStatisticByItsNameInChecks() {
        assertThat(checkout.stat("count")).isEqualTo(100.0);
        assertThat(checkout.stat("ko")).isEqualTo(2.0);
        assertThat(checkout.stat("errorPct")).isEqualTo(2.0);
        assertThat(checkout.stat("mean")).isEqualTo(40.0);
        assertThat(checkout.stat("p95")).isEqualTo(80.0);
        assertThat(checkout.stat("p99.9")).isEqualTo(250.0);
        assertThat(checkout.stat(Stat.THROUGHPUT)).isEqualTo(20.5);
    }

    @Test
    void shouldRefuseAliasesTheSchemaForbids() {
        for (String alias : new String[] {"avg", "median", "rps", "p999", "errors", "error_pct"}) {
            assertThatThrownBy(() -> checkout.stat(alias)).as(alias).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Unknown statistic '" + alias + "'");
        }
    }
}

package dev.perfgate.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.perfgate.system.ApiException;

class GatlingStatsJsonTest {

    static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void shouldReadConsistentStats() {
        RequestStats global = GatlingStatsJson.global(stats("\"10\"", "\"9\"", "\"1\"", "\"120\""));

        assertThat(global.count()).isEqualTo(10);
        assertThat(global.p99Ms()).isEqualTo(120.0);
        assertThat(global.errorPct()).isEqualTo(10.0);
    }

    @Test
    void shouldRefuseANegativeP99NamingTheField() {
        assertThatThrownBy(() -> GatlingStatsJson.global(stats("10", "10", "0", "\"-5\"")))
                .isInstanceOf(ApiException.class)
                .hasMessage("Gatling stats.json: 'All Requests' stats.percentiles4.ok must be a finite number >= 0 (was -5.0)");
    }

    @Test
    void shouldRefuseInfiniteAndNanLatencies() {
        assertThatThrownBy(() -> GatlingStatsJson.global(stats("10", "10", "0", "\"-Infinity\""))).hasMessageContaining("-Infinity");
        assertThatThrownBy(() -> GatlingStatsJson.global(stats("10", "10", "0", "\"Infinity\""))).hasMessageContaining("Infinity");
        assertThatThrownBy(() -> GatlingStatsJson.global(stats("10", "10", "0", "\"NaN\""))).hasMessageContaining("NaN");
    }

    @Test
    void shouldRefuseCountsThatDoNotAddUp() {
        assertThatThrownBy(() -> GatlingStatsJson.global(stats("10", "9", "0", "1")))
                .hasMessageContaining("ok (9) + ko (0) must equal total (10)");
        assertThatThrownBy(() -> GatlingStatsJson.global(stats("-10", "-10", "0", "1")))
                .hasMessageContaining("stats.numberOfRequests.total must be a whole number >= 0");
        assertThatThrownBy(() -> GatlingStatsJson.global(stats("10.5", "10.5", "0", "1")))
                .hasMessageContaining("whole number");
    }

    @Test
    void shouldRefuseMoreRequestsThanTheCapWith413() {
        JsonNode root = JSON.readTree("""
                {"type":"GROUP","stats":{},"contents":{
                  "a":{"type":"REQUEST","name":"a","stats":{"numberOfRequests":{"total":1,"ok":1,"ko":0}}},
                  "g":{"type":"GROUP","name":"g","contents":{
                    "b":{"type":"REQUEST","name":"b","stats":{"numberOfRequests":{"total":1,"ok":1,"ko":0}}},
                    "c":{"type":"REQUEST","name":"c","stats":{"numberOfRequests":{"total":1,"ok":1,"ko":0}}}}}}}""");

        assertThat(GatlingStatsJson.requests(root, 3)).extracting(RequestStats::name).containsExactly("a", "g / b", "g / c");
        assertThatThrownBy(() -> GatlingStatsJson.requests(root, 2))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(HttpStatus.CONTENT_TOO_LARGE))
                .hasMessageContaining("at most 2");
    }

    @Test
    void shouldApplyTheSameRulesToThePerfGateFormat() {
        RequestStats negativeMean = new RequestStats("x", 1, 1, 0, null, null, -1.0, null, null, null, null, null, null, null, null);

        assertThatThrownBy(() -> StatsRules.check("Request 'x'", negativeMean))
                .hasMessage("Request 'x': meanMs must be a finite number >= 0 (was -1.0)");
    }

    private static JsonNode stats(String total, String ok, String ko, String p99) {
        return JSON.readTree("""
                {"type":"GROUP","contents":{},"stats":{"numberOfRequests":{"total":%s,"ok":%s,"ko":%s},
                 "minResponseTime":{"ok":"1"},"maxResponseTime":{"ok":"500"},"meanResponseTime":{"ok":"40"},
                 "percentiles4":{"ok":%s},"meanNumberOfRequestsPerSecond":{"total":"2.5"}}}""".formatted(total, ok, ko, p99));
    }
}

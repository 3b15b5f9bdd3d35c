package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import dev.perfgate.SharedServer;
import dev.perfgate.StoryChecks;
import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;
import dev.perfgate.system.TestServers;
import tools.jackson.databind.JsonNode;

/**
 * The backtest API over a recorded Perfana story (runs 151–155, CPU posted as a measure): the checks in force replay
 * to the verdicts given, a loosened file clears run 154, a Prometheus check that was never stored is not replayable,
 * a broken file is a 400 naming file and line, and no verdict is written.
 */
class BacktestIT extends SharedServer {

    @Autowired
    GateDefinitions definitions;

    TestApi api;
    String system;

    @BeforeEach
    void setUp() throws Exception {
        api = new TestApi(port, ADMIN_TOKEN);
        system = "backtest-" + System.nanoTime();
        ChecksDir.write(definitions, CHECKS, system + ".yaml", StoryChecks.of(system, "< 50", "<= +10%", "<= 200ms"));
        run("151", 18.10, 120);
        run("152", 18.90, 125);
        run("153", 18.52, 118);
        run("154", 51.12, 260);
        run("155", 32.00, 95);
    }

    @Test
    void shouldReplayTheChecksInForceToTheVerdictsGiven() {
        Response answer = api.post(path(), null);

        assertThat(answer.status()).as(answer.raw()).isEqualTo(200);
        JsonNode body = answer.body();
        assertThat(body.path("submitted").asBoolean()).isFalse();
        assertThat(body.path("runs")).hasSize(5);
        assertThat(row(body, "154").path("replayed").asString()).isEqualTo("FAIL");
        assertThat(row(body, "154").path("findings").get(0).path("message").asString())
                .isEqualTo("avg CPU 51.12 % > 50 %; avg CPU 51.12 % vs 18.52 % in run 153: +176 % > +10 %");
        assertThat(body.path("summary").path("changed").asInt()).as("nothing changed").isZero();
        assertThat(body.path("summary").path("replayed").path("FAIL").asInt()).isEqualTo(1);
    }

    @Test
    void shouldClearRun154WithLooserChecksAndWriteNoVerdict() throws Exception {
        String looser = StoryChecks.of(system, "< 60", "<= +200%", "<= 300ms");
        String verdictsBefore = api.get("/api/v1/runs/" + id("154") + "/verdicts").raw();

        Response answer = api.post(path(), TestApi.json(Map.of("file", "looser.yaml", "checks", looser)));

        assertThat(answer.status()).as(answer.raw()).isEqualTo(200);
        JsonNode body = answer.body();
        assertThat(body.path("submitted").asBoolean()).isTrue();
        assertThat(row(body, "154").path("actual").asString()).isEqualTo("FAIL");
        assertThat(row(body, "154").path("replayed").asString()).isEqualTo("PASS");
        assertThat(row(body, "154").path("changed").asBoolean()).isTrue();
        assertThat(body.path("summary").path("changed").asInt()).isEqualTo(1);
        assertThat(body.path("summary").path("clearedFails").asInt()).isEqualTo(1);
        assertThat(api.get("/api/v1/runs/" + id("154") + "/verdicts").raw()).as("no verdict written").isEqualTo(verdictsBefore);
        assertThat(api.get("/api/v1/runs/" + id("154")).body().path("verdict").path("status").asString()).isEqualTo("FAIL");
    }

    @Test
    void shouldMarkAPrometheusCheckWithNoStoredValueNotReplayable() {
        String withPrometheus = StoryChecks.of(system, "< 50", "<= +10%", "<= 200ms") + """
                  - id: heap
                    name: heap used
                    unit: bytes
                    prometheus: { query: 'sum(jvm_memory_used_bytes{area="heap"})', aggregate: max }
                    requirement: "< 1000000000"
                prometheus: { url: "http://127.0.0.1:7" }
                """;

        Response answer = api.post(path(), TestApi.json(Map.of("checks", withPrometheus)));

        assertThat(answer.status()).as(answer.raw()).isEqualTo(200);
        JsonNode run151 = row(answer.body(), "151");
        assertThat(run151.path("replayed").asString()).isEqualTo("INCONCLUSIVE");
        assertThat(run151.path("notReplayable").get(0).asString()).isEqualTo("heap used");
        assertThat(run151.path("findings").get(0).path("message").asString()).contains("not replayable")
                .contains("http://127.0.0.1:7 is not one the checks in force use");
        assertThat(answer.body().path("summary").path("notReplayableRuns").asInt()).isEqualTo(5);
    }

    @Test
    void shouldReplayAStoredPrometheusValueWithoutQueryingAndQueryANewOneLive() throws Exception {
        String prom = "backtest-prom-" + System.nanoTime();
        String inForce = """
                system: %s
                prometheus: { url: "%s" }
                checks:
                  - id: level
                    name: level
                    prometheus: { query: 'vector(42)', aggregate: avg }
                    requirement: "< 50"
                  - id: absent
                    name: absent level
                    prometheus: { query: 'up{job="no-such-job-for-backtest"}', aggregate: avg }
                    requirement: "< 50"
                """.formatted(prom, TestServers.prometheusUrl());
        ChecksDir.write(definitions, CHECKS, prom + ".yaml", inForce);
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(300);
        for (int i = 0; i < 3; i++) {
            String id = api.post("/api/v1/runs", """
                    {"system":"%s","workload":"peak","environment":"test","runId":"%d","startedAt":"%s"}"""
                    .formatted(prom, i + 1, start.plusSeconds(90L * i))).text("id");
            api.post("/api/v1/runs/" + id + "/end", "{\"endedAt\":\"" + start.plusSeconds(90L * i + 60) + "\"}");
            assertThat(api.get("/api/v1/runs/" + id + "/verdict?wait=60").text("status")).isEqualTo("INCONCLUSIVE");
        }
        String stricter = inForce.replace("\"< 50\"", "\"< 40\"") + """
                  - id: other
                    name: other level
                    prometheus: { query: 'vector(7)', aggregate: avg }
                    requirement: "< 5"
                """;

        Response offline = api.post("/api/v1/series/" + prom + "/peak/test/backtest",
                TestApi.json(Map.of("checks", stricter, "live", false)));
        Response live = api.post("/api/v1/series/" + prom + "/peak/test/backtest", TestApi.json(Map.of("checks", stricter)));

        assertThat(offline.status()).as(offline.raw()).isEqualTo(200);
        JsonNode first = row(offline.body(), "1");
        assertThat(first.path("replayed").asString()).as("the stored 42 breaks < 40; the new query is not stored")
                .isEqualTo("FAIL");
        assertThat(first.path("findings").toString()).contains("level 42 > 40").contains("live queries are off");
        assertThat(first.path("notReplayable").get(0).asString()).isEqualTo("other level");
        assertThat(first.path("findings").toString()).as("a stored 'no data' stays INCONCLUSIVE, said once")
                .contains("absent level: no data (the query returned no series between ")
                .contains("; as when the run was judged)").doesNotContain("absent level: no data (absent level");
        assertThat(row(live.body(), "1").path("findings").toString()).as("queried now at the Prometheus in force")
                .contains("other level 7 > 5");
        assertThat(live.body().path("summary").path("notReplayableRuns").asInt()).isZero();
        assertThat(live.body().path("summary").path("newFails").asInt()).isEqualTo(3);
    }

    @Test
    void shouldAskAPrometheusThatDidNotAnswerOnlyOncePerBacktest() throws Exception {
        String down = "backtest-down-" + System.nanoTime();
        String inForce = """
                system: %s
                prometheus: { url: "http://127.0.0.1:9" }
                checks:
                  - id: level
                    name: level
                    prometheus: { query: 'vector(1)', aggregate: avg }
                    requirement: "< 50"
                """.formatted(down);
        ChecksDir.write(definitions, CHECKS, down + ".yaml", inForce);
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(300);
        for (int i = 0; i < 3; i++) {
            String id = api.post("/api/v1/runs", """
                    {"system":"%s","workload":"peak","environment":"test","runId":"%d","startedAt":"%s"}"""
                    .formatted(down, i + 1, start.plusSeconds(90L * i))).text("id");
            api.post("/api/v1/runs/" + id + "/end", "{\"endedAt\":\"" + start.plusSeconds(90L * i + 60) + "\"}");
            assertThat(api.get("/api/v1/runs/" + id + "/verdict?wait=60").text("status")).isEqualTo("INCONCLUSIVE");
        }
        String withNewQuery = inForce + """
                  - id: other
                    name: other level
                    prometheus: { query: 'vector(2)', aggregate: avg }
                    requirement: "< 5"
                """;

        Response answer = api.post("/api/v1/series/" + down + "/peak/test/backtest",
                TestApi.json(Map.of("checks", withNewQuery)));

        assertThat(answer.status()).as(answer.raw()).isEqualTo(200);
        assertThat(row(answer.body(), "1").path("findings").toString())
                .contains("not replayable: live query of http://127.0.0.1:9: Prometheus at http://127.0.0.1:9 did not answer");
        assertThat(row(answer.body(), "3").path("findings").toString())
                .contains("Prometheus at http://127.0.0.1:9 did not answer earlier in this backtest");
        assertThat(row(answer.body(), "3").path("replayed").asString()).isEqualTo("INCONCLUSIVE");
        assertThat(answer.body().path("summary").path("notReplayableRuns").asInt()).isEqualTo(3);
    }

    @Test
    void shouldRefuseABrokenChecksFileNamingFileAndLine() {
        String broken = StoryChecks.of(system, "< 50", "<= +10%", "<= 200ms").replace("measure: cpu_avg_pct", "measure: [");

        Response answer = api.post(path(), TestApi.json(Map.of("file", "checks/mine.yaml", "checks", broken)));

        assertThat(answer.status()).as(answer.raw()).isEqualTo(400);
        assertThat(answer.body().path("detail").asString()).startsWith("The checks file was rejected: checks/mine.yaml:");
        JsonNode problem = answer.body().path("problems").get(0);
        assertThat(problem.path("file").asString()).isEqualTo("checks/mine.yaml");
        assertThat(problem.path("line").asInt()).isPositive();
    }

    @Test
    void shouldRefuseAFileForAnotherSystemAndAnUnknownSeries() {
        Response other = api.post(path(), TestApi.json(Map.of("checks",
                StoryChecks.of("other-system", "< 50", "<= +10%", "<= 200ms"))));
        Response unknown = api.post("/api/v1/series/no-such-system/peak/test/backtest", null);

        assertThat(other.status()).as(other.raw()).isEqualTo(400);
        assertThat(other.body().path("detail").asString()).contains("does not apply to " + system + "/peak/test");
        assertThat(unknown.status()).as(unknown.raw()).isEqualTo(404);
    }

    private String path() {
        return "/api/v1/series/" + system + "/peak/test/backtest";
    }

    private String id(String runId) {
        return row(api.get("/api/v1/runs?system=" + system + "&limit=10").body(), runId).path("id").asString();
    }

    private static JsonNode row(JsonNode body, String runId) {
        for (JsonNode run : body.path("runs")) {
            if (run.path("runId").asString().equals(runId)) {
                return run;
            }
        }
        throw new AssertionError("no run " + runId + " in " + body);
    }

    private void run(String runId, double cpu, double p99) throws IOException {
        Response created = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test","runId":"%s","version":"1.%s"}"""
                .formatted(system, runId, runId));
        String id = created.text("id");
        Response results = api.post("/api/v1/runs/" + id + "/results", """
                {"format":"perfgate-results/v1","global":{"count":1000,"ok":1000,"ko":0,"meanMs":40,"p50Ms":35,
                 "p99Ms":%s,"throughputRps":50},"measures":{"cpu_avg_pct":%s}}""".formatted(p99, cpu));
        assertThat(results.status()).as(results.raw()).isEqualTo(200);
        assertThat(api.post("/api/v1/runs/" + id + "/end", null).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/runs/" + id + "/verdict?wait=60").status()).isEqualTo(200);
    }
}

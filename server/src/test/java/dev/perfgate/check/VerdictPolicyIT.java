package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.time.Instant;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import dev.perfgate.SharedServer;
import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;
import dev.perfgate.system.TestServers;
import tools.jackson.databind.JsonNode;

/**
 * The written-down policies of judgement, through the running service: no data is never a pass,
 * broken definitions never replace good ones, invalid runs are not judged, a regression that was
 * not accepted never becomes a baseline, and re-evaluation keeps the history.
 */
class VerdictPolicyIT extends SharedServer {

    @Autowired
    GateDefinitions definitions;

    TestApi api;
    String system;

    @BeforeEach
    void setUp() {
        api = new TestApi(port, ADMIN_TOKEN);
        system = "sut-" + System.nanoTime();
    }

    @Test
    void shouldKeepThePreviousValidDefinitionWhenAFileBreaks() throws Exception {
        write(system, """
                system: %s
                checks:
                  - id: cpu
                    measure: cpu_avg_pct
                    requirement: "< 50"
                """.formatted(system));
        String goodVersion = state(system).active().version();

        Files.writeString(CHECKS.resolve(system + ".yaml"), """
                system: %s
                checks:
                  - id: cpu
                    measure: cpu_avg_pct
                    requirement: "less than 50"
                """.formatted(system));
        definitions.reload();

        GateDefinitions.FileState state = state(system);
        assertThat(state.active().version()).as("the previous valid version stays active").isEqualTo(goodVersion);
        assertThat(state.problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo(system + ".yaml");
            assertThat(p.line()).isEqualTo(5);
            assertThat(p.message()).contains("requirement");
        });
        JsonNode judged = judge(system, "1", 40.0);
        assertThat(judged.path("status").asString()).as("runs are still judged").isEqualTo("PASS");
        assertThat(judged.path("summary").asString()).as("and say by which version").contains(
                "judged by the previous version of " + system + ".yaml: its newest text was rejected, line 5:");
        Response listed = api.get("/api/v1/checks");
        assertThat(listed.raw()).contains("less than 50").doesNotContain("\"active\":null");
    }

    @Test
    void shouldNotJudgeASeriesThatTwoFilesApplyToEqually() throws Exception {
        write(system, """
                system: %s
                checks:
                  - id: cpu
                    measure: cpu_avg_pct
                    requirement: "< 50"
                """.formatted(system));
        // a second file for the same system, looser, whose name sorts after the first
        ChecksDir.write(definitions, CHECKS, "zz-" + system + ".yaml", """
                system: %s
                checks:
                  - id: cpu
                    measure: cpu_avg_pct
                    requirement: "< 100"
                """.formatted(system));

        JsonNode tied = judge(system, "1", 90.0);
        assertThat(tied.path("status").asString()).isEqualTo("INCONCLUSIVE");
        assertThat(tied.path("gate").asString()).isEqualTo("fail");
        assertThat(tied.path("summary").asString()).contains(system + ".yaml and zz-" + system + ".yaml both apply");
        Response listed = api.get("/api/v1/checks");
        assertThat(listed.raw()).contains("judges the same series as " + system + ".yaml");

        // named more narrowly, the second file judges only its workload: the first judges the rest again
        ChecksDir.write(definitions, CHECKS, "zz-" + system + ".yaml", """
                system: %s
                workloads: [soak]
                checks:
                  - id: cpu
                    measure: cpu_avg_pct
                    requirement: "< 100"
                """.formatted(system));
        JsonNode judged = judge(system, "2", 90.0);
        assertThat(judged.path("status").asString()).isEqualTo("FAIL");
        assertThat(judged.path("checks").get(0).path("message").asString()).contains("> 50");
        Files.delete(CHECKS.resolve("zz-" + system + ".yaml"));
        definitions.reload();
    }

    @Test
    void shouldBeInconclusiveWhenPrometheusRejectsTheQuery() throws Exception {
        write(system, promCheck(system, TestServers.prometheusUrl(), "rate(up[1m]"));

        JsonNode verdict = judge(system, "1", null);

        assertThat(verdict.path("status").asString()).isEqualTo("INCONCLUSIVE");
        assertThat(verdict.path("gate").asString()).as("default policy: inconclusive fails the gate").isEqualTo("fail");
        assertThat(verdict.path("checks").get(0).path("message").asString())
                .contains("Prometheus rejected the query (bad_data)").contains("parse error");
    }

    @Test
    void shouldBeInconclusiveWhenPrometheusIsDown() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        write(system, promCheck(system, "http://127.0.0.1:" + closed, "up"));

        JsonNode verdict = judge(system, "1", null);

        assertThat(verdict.path("status").asString()).isEqualTo("INCONCLUSIVE");
        assertThat(verdict.path("checks").get(0).path("message").asString()).contains("did not answer");
        assertThat(verdict.path("checks").get(0).path("value").isNull()).isTrue();
    }

    @Test
    void shouldBeInconclusiveWithoutChecksOrWithoutTheMeasure() throws Exception {
        JsonNode noChecks = judge("unknown-" + system, "1", 10.0);
        write(system, """
                system: %s
                checks:
                  - id: heap
                    measure: heap_used_mb
                    requirement: "< 500"
                """.formatted(system));
        JsonNode noMeasure = judge(system, "1", 10.0);

        assertThat(noChecks.path("status").asString()).isEqualTo("INCONCLUSIVE");
        assertThat(noChecks.path("summary").asString()).contains("no checks are defined");
        assertThat(noMeasure.path("status").asString()).isEqualTo("INCONCLUSIVE");
        assertThat(noMeasure.path("checks").get(0).path("message").asString())
                .contains("no measure 'heap_used_mb' was posted (posted: cpu_avg_pct)");
    }

    @Test
    void shouldMarkARunThatMissesItsWorkloadExpectationsInvalidAndNeverUseItAsBaseline() throws Exception {
        write(system, """
                system: %s
                validity: { minThroughputRps: 20, maxErrorPct: 5 }
                checks:
                  - id: cpu
                    name: avg CPU
                    measure: cpu_avg_pct
                    growth: "<= +10%%"
                """.formatted(system));

        JsonNode first = judge(system, "1", 20.0);
        JsonNode starved = judge(system, "2", 5.0, 10.0);
        JsonNode third = judge(system, "3", 21.0);

        assertThat(first.path("status").asString()).isEqualTo("PASS");
        assertThat(starved.path("status").asString()).isEqualTo("INVALID");
        assertThat(starved.path("summary").asString()).contains("throughput 10 req/s < 20 req/s expected");
        assertThat(api.get("/api/v1/runs/" + starved.path("id").asString()).text("status")).isEqualTo("invalid");
        assertThat(third.path("checks").get(0).path("baselineLabel").asString()).isEqualTo("run 1");
    }

    @Test
    void shouldKeepAnUnacceptedRegressionOutOfTheMedianBaseline() throws Exception {
        write(system, """
                system: %s
                baseline: { strategy: median, runs: 3 }
                checks:
                  - id: cpu
                    name: avg CPU
                    unit: "%%"
                    measure: cpu_avg_pct
                    growth: "<= +10%%"
                """.formatted(system));
        judge(system, "1", 20.0);
        judge(system, "2", 22.0);
        judge(system, "3", 21.0);

        JsonNode regression = judge(system, "4", 30.0);
        JsonNode still = judge(system, "5", 30.5);

        assertThat(regression.path("status").asString()).isEqualTo("FAIL");
        assertThat(still.path("status").asString()).as("the regression does not fade into the baseline").isEqualTo("FAIL");
        assertThat(still.path("checks").get(0).path("baselineLabel").asString()).isEqualTo("median of 3 runs (1–3)");
        assertThat(still.path("checks").get(0).path("baselineValue").asDouble()).isEqualTo(21.0);

        String run4 = regression.path("id").asString();
        Response accepted = api.post("/api/v1/runs/" + run4 + "/regression/accept",
                "{\"reason\":\"new matrix library, accepted by perf team\"}");
        JsonNode after = judge(system, "6", 30.2);

        assertThat(accepted.status()).isEqualTo(200);
        assertThat(accepted.body().path("review").path("decision").asString()).isEqualTo("accepted");
        JsonNode reviewed = api.get("/api/v1/runs/" + run4 + "/verdict").body();
        assertThat(reviewed.path("status").asString()).as("the verdict stays as CI acted on it").isEqualTo("FAIL");
        assertThat(reviewed.path("review").path("decision").asString()).as("and says it was reviewed").isEqualTo("accepted");
        assertThat(reviewed.path("review").path("reason").asString()).isEqualTo("new matrix library, accepted by perf team");
        assertThat(after.path("checks").get(0).path("baselineLabel").asString())
                .as("an accepted regression may join the baseline").isEqualTo("median of 3 runs (2–4)");
    }

    @Test
    void shouldKeepEveryVerdictWhenReEvaluating() throws Exception {
        write(system, """
                system: %s
                checks:
                  - id: cpu
                    measure: cpu_avg_pct
                    requirement: "< 50"
                """.formatted(system));
        JsonNode first = judge(system, "1", 45.0);
        write(system, """
                system: %s
                checks:
                  - id: cpu
                    measure: cpu_avg_pct
                    requirement: "< 40"
                """.formatted(system));

        Response again = api.post("/api/v1/runs/" + first.path("id").asString() + "/evaluate", null);
        Response history = api.get("/api/v1/runs/" + first.path("id").asString() + "/verdicts");

        assertThat(first.path("status").asString()).isEqualTo("PASS");
        assertThat(again.text("status")).isEqualTo("FAIL");
        assertThat(history.body().size()).isEqualTo(2);
        assertThat(history.body().get(0).path("status").asString()).isEqualTo("FAIL");
        assertThat(history.body().get(1).path("status").asString()).isEqualTo("PASS");
    }

    @Test
    void shouldRefuseReviewsWithoutAdminRoleOrReason() throws Exception {
        write(system, """
                system: %s
                checks:
                  - id: cpu
                    measure: cpu_avg_pct
                    growth: "<= +10%%"
                """.formatted(system));
        judge(system, "1", 10.0);
        String id = judge(system, "2", 20.0).path("id").asString();
        String runner = api.post("/api/v1/tokens", "{\"name\":\"ci\",\"role\":\"runner\"}").text("token");

        Response asRunner = api.withToken(runner).post("/api/v1/runs/" + id + "/regression/deny", "{\"reason\":\"x\"}");
        Response noReason = api.post("/api/v1/runs/" + id + "/regression/deny", "{\"reason\":\"\"}");
        Response pinRegression = api.post("/api/v1/runs/" + id + "/baseline", "{\"reason\":\"try\"}");

        assertThat(asRunner.status()).isEqualTo(403);
        assertThat(noReason.status()).isEqualTo(400);
        assertThat(pinRegression.status()).isEqualTo(409);
        assertThat(pinRegression.text("detail")).contains("regression that was not accepted");
    }

    @Test
    void shouldFailARegressionBackToTheOldLevelAfterAnImprovement() throws Exception {
        write(system, """
                system: %s
                baseline: { strategy: median, runs: 5 }
                checks:
                  - id: cpu
                    name: avg CPU
                    unit: "%%"
                    key: true
                    measure: cpu_avg_pct
                    growth: "<= +20%%"
                """.formatted(system));
        double[] levels = {150, 155, 143, 150, 152, 146, 148, 151, 74, 77, 79, 75};
        for (int run = 0; run < levels.length; run++) {
            judge(system, String.valueOf(run + 1), levels[run]);
        }

        JsonNode back = judge(system, "13", 150.0);

        assertThat(back.path("status").asString()).as(back.path("summary").asString()).isEqualTo("FAIL");
        assertThat(back.path("checks").get(0).path("noise").path("decision").asString()).isEqualTo("significant");
    }

    @Test
    void shouldSayWhenARequestAPatternMatchedBeforeIsGoneOnce() throws Exception {
        write(system, """
                system: %s
                checks:
                  - id: reports
                    name: p99
                    results: { requestPattern: "report-.*", stat: p99 }
                    requirement: "< 500ms"
                """.formatted(system));

        JsonNode both = judgeRequests(system, "1", "report-daily", "report-monthly");
        JsonNode gone = judgeRequests(system, "2", "report-daily");
        JsonNode again = judgeRequests(system, "3", "report-daily");

        assertThat(both.path("status").asString()).isEqualTo("PASS");
        assertThat(gone.path("status").asString()).as(gone.path("summary").asString()).isEqualTo("INCONCLUSIVE");
        assertThat(gone.path("summary").asString()).contains("no request 'report-monthly' in this run's results, though it"
                + " matched 'report-.*' in run 1: renamed, or no longer called?");
        assertThat(again.path("status").asString()).as("said once: run 2 judged the pattern without it").isEqualTo("PASS");
    }

    private JsonNode judgeRequests(String sys, String runId, String... requests) throws InterruptedException {
        String id = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test","runId":"%s","startedAt":"%s"}"""
                .formatted(sys, runId, Instant.now().minusSeconds(60))).text("id");
        String stats = java.util.Arrays.stream(requests).map(name -> """
                {"name":"%s","count":100,"ok":100,"ko":0,"p99Ms":120}""".formatted(name))
                .collect(java.util.stream.Collectors.joining(","));
        api.post("/api/v1/runs/" + id + "/results", """
                {"format":"perfgate-results/v1","requests":[%s]}""".formatted(stats));
        api.post("/api/v1/runs/" + id + "/end", null);
        Response verdict = api.get("/api/v1/runs/" + id + "/verdict?wait=60");
        assertThat(verdict.status()).as(verdict.raw()).isEqualTo(200);
        return verdict.body();
    }

    @Test
    void shouldDropAPinWhoseRegressionIsDeniedAndSayWhenTheStrategyDoesNotUseAPin() throws Exception {
        writePinnedCpuChecks(system);
        judge(system, "1", 20.0);
        String regressed = judge(system, "2", 30.0).path("id").asString();
        assertThat(api.post("/api/v1/runs/" + regressed + "/regression/accept", "{\"reason\":\"new normal?\"}").status())
                .isEqualTo(200);
        assertThat(api.post("/api/v1/runs/" + regressed + "/baseline", "{\"reason\":\"release 2\"}").status()).isEqualTo(200);

        Response denied = api.post("/api/v1/runs/" + regressed + "/regression/deny", "{\"reason\":\"no, a bug\"}");
        JsonNode next = judge(system, "3", 30.0);

        assertThat(denied.status()).isEqualTo(200);
        assertThat(next.path("status").asString()).as(next.path("summary").asString()).isEqualTo("FAIL");
        assertThat(next.path("checks").get(0).path("baselineLabel").asString()).isEqualTo("run 1");

        String other = system + "-median";
        write(other, """
                system: %s
                baseline: { strategy: median, runs: 5 }
                checks:
                  - id: cpu
                    measure: cpu_avg_pct
                    growth: "<= +10%%"
                """.formatted(other));
        String good = judge(other, "1", 20.0).path("id").asString();
        Response pin = api.post("/api/v1/runs/" + good + "/baseline", "{\"reason\":\"release 1\"}");

        assertThat(pin.status()).isEqualTo(200);
        assertThat(pin.text("unused")).isEqualTo("not used yet: " + other + "/peak/test is judged against the median of its"
                + " last 5 good runs; set baseline: { strategy: pinned } in " + other + ".yaml to judge against the pin");
    }

    @Test
    void shouldUseAPinnedBaselineOlderThanTheHistoryDepth() throws Exception {
        writePinnedCpuChecks(system);
        JsonNode pinned = judge(system, "1", 20.0);
        assertThat(api.post("/api/v1/runs/" + pinned.path("id").asString() + "/baseline", "{\"reason\":\"release 1.0\"}")
                .status()).isEqualTo(200);
        for (int run = 2; run <= 32; run++) {
            judge(system, String.valueOf(run), 21.0);
        }

        JsonNode latest = judge(system, "33", 30.0);

        JsonNode cpu = latest.path("checks").get(0);
        assertThat(cpu.path("baselineLabel").asString()).as("31 runs after the pin, deeper than the 30 read").isEqualTo("pinned run 1");
        assertThat(cpu.path("baselineValue").asDouble()).isEqualTo(20.0);
        assertThat(latest.path("status").asString()).isEqualTo("FAIL");
    }

    private static String promCheck(String system, String url, String query) {
        return """
                system: %s
                prometheus: { url: %s }
                checks:
                  - id: cpu
                    name: avg CPU
                    prometheus: { query: '%s' }
                    requirement: "< 50"
                """.formatted(system, url, query);
    }

    @Test
    void shouldWarnAGrowthInsideTheNoiseAndFailWhenTheNextRunRepeatsIt() throws Exception {
        write(system, """
                system: %s
                baseline: { strategy: median, runs: 5 }
                checks:
                  - id: cpu
                    name: avg CPU
                    unit: "%%"
                    measure: cpu_avg_pct
                    growth: "<= +10%%"
                """.formatted(system));
        for (double[] run : new double[][] {{1, 100}, {2, 94}, {3, 106}, {4, 100}, {5, 97}, {6, 103}}) {
            judge(system, String.valueOf((int) run[0]), run[1]);
        }

        JsonNode suspected = judge(system, "7", 111.0);
        JsonNode confirmed = judge(system, "8", 112.0);

        JsonNode first = suspected.path("checks").get(0);
        assertThat(suspected.path("status").asString()).isEqualTo("WARN");
        assertThat(first.path("noise").path("decision").asString()).isEqualTo("suspected");
        assertThat(first.path("message").asString()).startsWith("avg CPU 111 % vs 100 % in median of 5 runs (2–6): +11 % > +10 %; noise 100 % ± 4.45 % over 6 runs: ")
                .contains("not significant");
        JsonNode second = confirmed.path("checks").get(0);
        assertThat(confirmed.path("status").asString()).isEqualTo("FAIL");
        assertThat(second.path("baselineLabel").asString()).as("the level before the suspected run").isEqualTo("median of 5 runs (2–6)");
        assertThat(second.path("message").asString()).contains("confirmed: run 7 broke the rule before, together with this run +11.5 %");
    }

    @Test
    void shouldFlagAGrowthRuleInsideTheSeriesNoiseWhenTheFileIsLoaded() throws Exception {
        // Given a series whose CPU varies ±9 % from run to run, judged under a wide rule
        String checks = """
                system: %s
                checks:
                  - id: cpu
                    name: avg CPU
                    unit: "%%"
                    measure: cpu_avg_pct
                    growth: "%s"
                """;
        write(system, checks.formatted(system, "<= +50%"));
        double[] cpu = {50, 47, 53, 50, 44, 56, 50, 53, 47, 50};
        for (int i = 0; i < cpu.length; i++) {
            assertThat(judge(system, String.valueOf(i + 1), cpu[i]).path("status").asString()).isEqualTo("PASS");
        }
        assertThat(api.get("/api/v1/checks").body().findValues("noise").stream()
                .filter(n -> n.toString().contains(system)).toList()).as("+50 %% holds").isEmpty();

        // When the file narrows the rule to +10 %
        write(system, checks.formatted(system, "<= +10%"));

        // Then the checks in force say the rule sits inside the noise, with the rule that would hold
        JsonNode file = null;
        for (JsonNode state : api.get("/api/v1/checks").body()) {
            if (state.path("file").asString().equals(system + ".yaml")) {
                file = state;
            }
        }
        assertThat(file).isNotNull();
        assertThat(file.path("noise")).singleElement().satisfies(warning -> {
            assertThat(warning.path("series").asString()).isEqualTo(system + "/peak/test");
            assertThat(warning.path("holdsPct").asDouble()).isEqualTo(29);
            assertThat(warning.path("message").asString()).startsWith("avg CPU: growth <= +10% sits inside the noise of "
                    + system + "/peak/test: its last 10 good runs vary by ±8.9 %");
        });
        // and so does a backtest of the series
        JsonNode backtest = api.post("/api/v1/series/" + system + "/peak/test/backtest", "{}").body();
        assertThat(backtest.path("notes").toString()).contains("growth <= +10% sits inside the noise");
    }

    private JsonNode judge(String sys, String runId, Double cpu) throws InterruptedException {
        return judge(sys, runId, cpu, 50.0);
    }

    private JsonNode judge(String sys, String runId, Double cpu, double throughput) throws InterruptedException {
        Instant start = Instant.now().minusSeconds(60);
        String id = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test","runId":"%s","startedAt":"%s"}"""
                .formatted(sys, runId, start)).text("id");
        String measures = cpu == null ? "" : ",\"measures\":{\"cpu_avg_pct\":" + cpu + "}";
        api.post("/api/v1/runs/" + id + "/results", """
                {"format":"perfgate-results/v1","global":{"count":1000,"ok":1000,"ko":0,"p99Ms":100,"throughputRps":%s}%s}"""
                .formatted(throughput, measures));
        api.post("/api/v1/runs/" + id + "/end", null);
        Response verdict = api.get("/api/v1/runs/" + id + "/verdict?wait=60");
        assertThat(verdict.status()).as(verdict.raw()).isEqualTo(200);
        return verdict.body();
    }

    /** A +10 % growth rule on the measure cpu_avg_pct, against the pinned run. */
    private void writePinnedCpuChecks(String sys) throws IOException, InterruptedException {
        write(sys, """
                system: %s
                baseline: { strategy: pinned }
                checks:
                  - id: cpu
                    name: avg CPU
                    measure: cpu_avg_pct
                    growth: "<= +10%%"
                """.formatted(sys));
    }

    private void write(String sys, String yaml) throws IOException, InterruptedException {
        ChecksDir.write(definitions, CHECKS, sys + ".yaml", yaml);
    }

    private GateDefinitions.FileState state(String sys) {
        return definitions.states().stream().filter(s -> s.file().equals(sys + ".yaml")).findFirst().orElse(null);
    }

}

package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;
import tools.jackson.databind.JsonNode;

/** An evaluation past its time budget is INCONCLUSIVE with the reason, and the worker moves on to the next run. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "perfgate.security.admin-token=budget-admin", "perfgate.data-dir=target/it-data/${random.uuid}",
        "perfgate.judging.budget=1s", "perfgate.judging.workers=1"})
class JudgingBudgetIT {

    static final Path CHECKS = ChecksDir.create();

    @DynamicPropertySource
    static void checksDir(DynamicPropertyRegistry registry) {
        registry.add("perfgate.checks-dir", CHECKS::toString);
    }

    @LocalServerPort
    int port;
    @Autowired
    GateDefinitions definitions;

    @Test
    void shouldJudgeAnEvaluationPastItsBudgetInconclusiveAndMoveOn() throws Exception {
        try (ServerSocket silent = new ServerSocket(0)) {
            // accepts connections (the backlog) and never answers: the Prometheus query hangs
            String slow = "slow-" + System.nanoTime();
            String quick = "quick-" + System.nanoTime();
            ChecksDir.write(definitions, CHECKS, slow + ".yaml", """
                    system: %s
                    prometheus: { url: "http://127.0.0.1:%d" }
                    checks:
                      - id: cpu
                        name: avg CPU
                        prometheus: { query: up }
                        requirement: "< 50"
                    """.formatted(slow, silent.getLocalPort()));
            ChecksDir.write(definitions, CHECKS, quick + ".yaml", """
                    system: %s
                    checks:
                      - id: cpu
                        name: avg CPU
                        measure: cpu_avg_pct
                        requirement: "< 50"
                    """.formatted(quick));
            TestApi api = new TestApi(port, "budget-admin");

            String slowRun = endRun(api, slow);
            String quickRun = endRun(api, quick);
            JsonNode slowVerdict = verdict(api, slowRun);
            JsonNode quickVerdict = verdict(api, quickRun);

            assertThat(slowVerdict.path("status").asString()).isEqualTo("INCONCLUSIVE");
            assertThat(slowVerdict.path("gate").asString()).isEqualTo("fail");
            assertThat(slowVerdict.path("summary").asString()).contains("took longer than its budget of 1 s");
            assertThat(quickVerdict.path("status").asString()).as("the next run is judged after the budget").isEqualTo("PASS");
        }
    }

    private static String endRun(TestApi api, String system) {
        String id = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test","runId":"1","startedAt":"%s"}"""
                .formatted(system, Instant.now().minusSeconds(60))).text("id");
        api.post("/api/v1/runs/" + id + "/results", """
                {"format":"perfgate-results/v1","global":{"count":100,"ok":100,"ko":0,"p99Ms":100,"throughputRps":10},
                 "measures":{"cpu_avg_pct":20}}""");
        assertThat(api.post("/api/v1/runs/" + id + "/end", null).status()).isEqualTo(200);
        return id;
    }

    private static JsonNode verdict(TestApi api, String id) {
        Response verdict = api.get("/api/v1/runs/" + id + "/verdict?wait=30");
        assertThat(verdict.status()).as(verdict.raw()).isEqualTo(200);
        return verdict.body();
    }
}

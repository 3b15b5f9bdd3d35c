package dev.perfgate.check;

import static dev.perfgate.TestApi.check;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.springframework.beans.factory.annotation.Autowired;

import dev.perfgate.SharedServer;
import dev.perfgate.StoryChecks;
import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;
import dev.perfgate.system.TestServers;
import tools.jackson.databind.JsonNode;

/**
 * The Perfana story through the running service: runs 151–153 green, 154 fails on average CPU
 * (requirement and growth) and p99, 155 after the fix passes. CPU comes from a real Prometheus
 * scraping a gauge the test controls, and, in a second series, as a posted measure.
 * <p>
 * The class runs beside the other integration tests (its tests one after another): it mostly waits for Prometheus to
 * scrape the gauge, and its series are its own (server/pom.xml's Failsafe settings).
 */
@Execution(ExecutionMode.CONCURRENT)
class PerfanaStoryIT extends SharedServer {


    @Autowired
    GateDefinitions definitions;

    TestApi api;

    @BeforeEach
    void setUp() {
        api = new TestApi(port, ADMIN_TOKEN);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldReproduceThePerfanaStoryWithCpuFromPrometheus() throws Exception {
        String system = "afterburner-" + System.nanoTime();
        try (GaugeTarget cpu = new GaugeTarget(system)) {
            writeChecks(system + ".yaml", """
                    system: %s
                    prometheus: { url: %s }
                    baseline: { strategy: previous }
                    checks:
                      - id: cpu
                        name: avg CPU
                        unit: "%%"
                        key: true
                        prometheus: { query: '%s', aggregate: avg }
                        requirement: "< 50"
                        growth: "<= +10%%"
                      - id: p99
                        name: p99 response time
                        results: { stat: p99 }
                        requirement: "<= 200ms"
                    """.formatted(system, TestServers.prometheusUrl(), cpu.query()));

            JsonNode v151 = run(system, "151", cpu, 18.10, 120, null);
            JsonNode v152 = run(system, "152", cpu, 18.90, 125, null);
            JsonNode v153 = run(system, "153", cpu, 18.52, 118, null);
            JsonNode v154 = run(system, "154", cpu, 51.12, 260, null);
            JsonNode v155 = run(system, "155", cpu, 32.00, 95, null);

            assertStory(v151, v152, v153, v154, v155);
        }
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldReproduceThePerfanaStoryWithCpuPostedAsAMeasure() throws Exception {
        String system = "afterburner-m-" + System.nanoTime();
        writeChecks(system + ".yaml", StoryChecks.of(system));

        JsonNode v151 = run(system, "151", null, 18.10, 120, 18.10);
        JsonNode v152 = run(system, "152", null, 18.90, 125, 18.90);
        JsonNode v153 = run(system, "153", null, 18.52, 118, 18.52);
        JsonNode v154 = run(system, "154", null, 51.12, 260, 51.12);
        JsonNode v155 = run(system, "155", null, 32.00, 95, 32.00);

        assertStory(v151, v152, v153, v154, v155);
    }

    private void assertStory(JsonNode v151, JsonNode v152, JsonNode v153, JsonNode v154, JsonNode v155) {
        assertThat(v151.path("status").asString()).isEqualTo("PASS");
        assertThat(v152.path("status").asString()).isEqualTo("PASS");
        assertThat(v153.path("status").asString()).isEqualTo("PASS");

        assertThat(v154.path("status").asString()).isEqualTo("FAIL");
        assertThat(v154.path("gate").asString()).isEqualTo("fail");
        JsonNode cpu = check(v154, "cpu");
        assertThat(cpu.path("status").asString()).isEqualTo("FAIL");
        assertThat(cpu.path("value").asDouble()).isCloseTo(51.12, org.assertj.core.data.Offset.offset(0.001));
        assertThat(cpu.path("requirementStatus").asString()).isEqualTo("FAIL");
        assertThat(cpu.path("growthStatus").asString()).isEqualTo("FAIL");
        assertThat(cpu.path("baselineLabel").asString()).isEqualTo("run 153");
        assertThat(cpu.path("baselineValue").asDouble()).isCloseTo(18.52, org.assertj.core.data.Offset.offset(0.001));
        assertThat(cpu.path("deltaPct").asDouble()).isCloseTo(176.03, org.assertj.core.data.Offset.offset(0.01));
        assertThat(cpu.path("message").asString()).isEqualTo(
                "avg CPU 51.12 % > 50 %; avg CPU 51.12 % vs 18.52 % in run 153: +176 % > +10 %");
        JsonNode p99 = check(v154, "p99");
        assertThat(p99.path("status").asString()).isEqualTo("FAIL");
        assertThat(p99.path("message").asString()).isEqualTo("p99 response time 260 ms > 200 ms");
        assertThat(v154.path("links").path("compare").asString()).contains("/compare?run=");

        assertThat(v155.path("status").asString()).isEqualTo("PASS");
        JsonNode fixed = check(v155, "cpu");
        assertThat(fixed.path("value").asDouble()).isCloseTo(32.0, org.assertj.core.data.Offset.offset(0.001));
        assertThat(fixed.path("message").asString()).contains("32 % < 50 %").contains("vs 51.12 % in run 154: -37.4 %");
    }

    /** One run: CPU at a level for the whole run, then end, results, verdict. */
    private JsonNode run(String system, String runId, GaugeTarget gauge, double cpu, double p99, Double cpuMeasure)
            throws InterruptedException {
        if (gauge != null) {
            gauge.set(cpu);
            Thread.sleep(2_500); // two scrapes at the new level before the run starts
        }
        Response created = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test","runId":"%s","version":"1.%s"}"""
                .formatted(system, runId, runId));
        String id = created.text("id");
        if (gauge != null) {
            Thread.sleep(3_000);
        }
        String measures = cpuMeasure == null ? "" : ",\"measures\":{\"cpu_avg_pct\":" + cpuMeasure + "}";
        Response results = api.post("/api/v1/runs/" + id + "/results", """
                {"format":"perfgate-results/v1","global":{"count":1000,"ok":1000,"ko":0,"meanMs":40,"p50Ms":35,
                 "p99Ms":%s,"throughputRps":50}%s}""".formatted(p99, measures));
        assertThat(results.status()).as(results.raw()).isEqualTo(200);
        assertThat(api.post("/api/v1/runs/" + id + "/end", null).status()).isEqualTo(200);
        Response verdict = api.get("/api/v1/runs/" + id + "/verdict?wait=60");
        assertThat(verdict.status()).as(verdict.raw()).isEqualTo(200);
        return verdict.body();
    }

    private void writeChecks(String file, String yaml) throws IOException, InterruptedException {
        ChecksDir.write(definitions, CHECKS, file, yaml);
    }
}

package dev.perfgate.check;

import static dev.perfgate.TestApi.check;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.DoublePredicate;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;
import dev.perfgate.system.ProcessCpu;
import dev.perfgate.system.TestServers;
import tools.jackson.databind.JsonNode;

/**
 * A dead metric is never a pass: the real process-exporter (group {@code plausibility-probe}, see
 * scripts/test-servers/process-exporter.yml) and Prometheus measure a process the test starts. While it runs,
 * its CPU is judged; once it is gone the exporter still reports its group with zeros, and the check is
 * INCONCLUSIVE with the reason instead of passing on 0 %.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "perfgate.security.admin-token=dead-admin", "perfgate.data-dir=target/it-data/${random.uuid}",
        "perfgate.checks-reload-ms=200"})
class DeadMetricIT {

    static final Path CHECKS = ChecksDir.create();
    static final String CPU = "sum(rate(namedprocess_namegroup_cpu_seconds_total{groupname=\"plausibility-probe\"}[5s])) * 100";

    @DynamicPropertySource
    static void checksDir(DynamicPropertyRegistry registry) {
        registry.add("perfgate.checks-dir", CHECKS::toString);
    }

    @LocalServerPort
    int port;

    @Autowired
    GateDefinitions definitions;

    TestApi api;
    Process probe;

    @BeforeEach
    void setUp() {
        api = new TestApi(port, "dead-admin");
    }

    @AfterEach
    void stopProbe() throws InterruptedException {
        if (probe != null) {
            probe.destroyForcibly().waitFor();
        }
    }

    @Test
    void shouldJudgeTheCpuOfAProcessThatIsThere() throws Exception {
        String system = writeChecks();
        probe = startProbe();
        awaitCpu(v -> v > 0, "the probe's CPU above 0");

        JsonNode verdict = run(system);

        JsonNode cpu = check(verdict, "cpu");
        assertThat(cpu.path("status").asString()).as(cpu.toString()).isEqualTo("PASS");
        assertThat(cpu.path("value").asDouble()).isGreaterThan(0);
    }

    @Test
    void shouldBeInconclusiveWhenTheExporterReportsZerosForAProcessThatIsGone() throws Exception {
        String system = writeChecks();
        probe = startProbe();
        awaitCpu(v -> v > 0, "the probe's CPU above 0");
        probe.destroyForcibly().waitFor();
        awaitCpu(v -> v == 0, "the gone probe's group at 0 % (the exporter keeps reporting it)");

        JsonNode verdict = run(system);

        JsonNode cpu = check(verdict, "cpu");
        assertThat(cpu.path("status").asString()).as(cpu.toString()).isEqualTo("INCONCLUSIVE");
        assertThat(cpu.path("message").asString())
                .startsWith("avg CPU: implausible reading, not judged (")
                .contains("is the exporter matching the process?");
        assertThat(verdict.path("status").asString()).isEqualTo("INCONCLUSIVE");
        assertThat(verdict.path("gate").asString()).as("a dead metric never passes the gate").isEqualTo("fail");
    }

    private String writeChecks() throws IOException, InterruptedException {
        String system = "dead-metric-" + System.nanoTime();
        ChecksDir.write(definitions, CHECKS, system + ".yaml", """
                system: %s
                prometheus: { url: %s }
                checks:
                  - id: cpu
                    name: avg CPU
                    unit: "%%"
                    prometheus: { query: '%s', aggregate: avg }
                    requirement: "< 400"
                """.formatted(system, TestServers.prometheusUrl(), CPU));
        return system;
    }

    /** A shell that burns CPU; its command line names the exporter's group. */
    private static Process startProbe() throws IOException {
        return ProcessCpu.burn("perfgate-plausibility-probe");
    }

    /** One run of a few seconds that served 1,000 requests, judged. */
    private JsonNode run(String system) throws InterruptedException {
        Response created = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test","runId":"r-%s","version":"1.0"}"""
                .formatted(system, System.nanoTime()));
        String id = created.text("id");
        Thread.sleep(4_000); // a steady state of a few scrapes (Prometheus scrapes every second)
        Response results = api.post("/api/v1/runs/" + id + "/results", """
                {"format":"perfgate-results/v1","global":{"count":1000,"ok":1000,"ko":0,"meanMs":40,"p50Ms":35,
                 "p99Ms":90,"throughputRps":250}}""");
        assertThat(results.status()).as(results.raw()).isEqualTo(200);
        assertThat(api.post("/api/v1/runs/" + id + "/end", null).status()).isEqualTo(200);
        Response verdict = api.get("/api/v1/runs/" + id + "/verdict?wait=60");
        assertThat(verdict.status()).as(verdict.raw()).isEqualTo(200);
        return verdict.body();
    }

    /** Polls Prometheus until the probe group's CPU query meets {@code condition} (60 s at most). */
    private static void awaitCpu(DoublePredicate condition, String what) throws Exception {
        ProcessCpu.await(CPU, condition, "plausibility-probe", what, Duration.ofSeconds(60));
    }
}

package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;
import tools.jackson.databind.JsonNode;

/**
 * Every metric a dashboard's PromQL reads exists in a real scrape: PerfGate's own /actuator/prometheus
 * after it has recorded, judged (with a Prometheus check) and kept a run running, and the demo app's
 * after it has served its endpoints. The demo app jar is required (see {@link DemoApp}).
 * <p>
 * The class runs beside the other integration tests (its tests one after another): it mostly waits for the demo app's
 * JVM to start and serve, and its server, series and demo app are its own (server/pom.xml's Failsafe settings).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "perfgate.security.admin-token=ops-admin", "perfgate.data-dir=target/it-data/${random.uuid}"})
@Execution(ExecutionMode.CONCURRENT)
class DashboardMetricsIT {

    static final String SYSTEM = "ops-demo";
    static final Path CHECKS;
    static final HttpServer PROMETHEUS;

    static {
        try {
            PROMETHEUS = fakePrometheus();
            CHECKS = Files.createTempDirectory("perfgate-ops-checks");
            Files.writeString(CHECKS.resolve(SYSTEM + ".yaml"), """
                    system: %s
                    prometheus: { url: "http://127.0.0.1:%d" }
                    checks:
                      - id: cpu
                        name: avg CPU
                        unit: "%%"
                        prometheus: { query: 'avg(process_cpu_usage) * 100', aggregate: avg }
                        requirement: "< 50"
                    """.formatted(SYSTEM, PROMETHEUS.getAddress().getPort()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @DynamicPropertySource
    static void checksDir(DynamicPropertyRegistry registry) {
        registry.add("perfgate.checks-dir", CHECKS::toString);
    }

    @AfterAll
    static void stopPrometheus() {
        PROMETHEUS.stop(0);
    }

    @LocalServerPort
    int port;

    TestApi api;

    @BeforeEach
    void setUp() {
        api = new TestApi(port, "ops-admin");
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldFindEveryDashboardMetricInARealScrape() throws Exception {
        Path jar = DemoApp.jar();
        exercisePerfGate();
        Set<String> perfgate = Scrape.sampleNames(api.get("/actuator/prometheus").raw());
        // PerfGate runs in this JVM, whose heap other tests may have grown so far that exercising it collected
        // nothing (CI saw jvm_gc_pause missing after TrainingLoadIT): a collection here, then its notification
        for (int i = 0; i < 100 && !perfgate.contains("jvm_gc_pause_seconds_sum"); i++) {
            System.gc();
            Thread.sleep(50);
            perfgate = Scrape.sampleNames(api.get("/actuator/prometheus").raw());
        }
        Set<String> demo;
        try (DemoApp app = DemoApp.start(jar)) {
            for (String path : List.of("/api/matrix?size=20", "/api/transform", "/api/remote?delayMs=1", "/api/lookup?id=42")) {
                app.get(path);
            }
            // the GC pause timer exists only after the JVM's first collection, which a few requests may not cause
            // (CI saw it missing): the cache regression maps 50,000 rows per lookup, megabytes each call
            app.regression("cache", true);
            demo = Scrape.sampleNames(app.get("/actuator/prometheus"));
            for (int i = 0; i < 200 && !demo.contains("jvm_gc_pause_seconds_sum"); i++) {
                app.get("/api/lookup?id=42");
                demo = Scrape.sampleNames(app.get("/actuator/prometheus"));
            }
            app.regression("cache", false);
        }

        List<String> missing = new ArrayList<>();
        Set<String> checked = new TreeSet<>();
        for (Path file : Dashboards.files()) {
            JsonNode dashboard = Dashboards.read(file);
            // a dashboard reads its own system's metrics; perfgate_* names (e.g. run windows) always come from PerfGate
            Set<String> home = dashboard.path("uid").asString().equals("perfgate-service") ? perfgate : demo;
            for (Dashboards.Query q : Dashboards.queries(dashboard)) {
                if (!"prometheus".equals(q.datasourceType())) {
                    continue;
                }
                for (String name : Dashboards.metricNames(q)) {
                    checked.add(name);
                    Set<String> scrape = name.startsWith("perfgate_") ? perfgate : home;
                    if (!scrape.contains(name)) {
                        missing.add(q.where() + ": " + name + (scrape == perfgate ? " (not in PerfGate's scrape)"
                                : " (not in the demo app's scrape)"));
                    }
                }
            }
        }
        assertThat(checked).as("metric names found in the dashboards").hasSizeGreaterThan(30)
                .contains("perfgate_verdicts_total", "http_server_requests_seconds_bucket", "demo_regression_enabled");
        assertThat(missing).as("dashboard metrics missing from their system's scrape (PerfGate: %s; demo app: %s)", perfgate, demo).isEmpty();
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldServeEveryColumnTheRunAnnotationsRead() {
        String id = createRun("annotated", "1", Instant.now().minusSeconds(30));
        api.post("/api/v1/runs/" + id + "/end", null);

        Response response = api.get("/api/v1/annotations?from=" + Instant.now().minusSeconds(3600).toEpochMilli()
                + "&to=" + Instant.now().toEpochMilli() + "&system=" + SYSTEM);

        assertThat(response.status()).as(response.raw()).isEqualTo(200);
        JsonNode run = null;
        for (JsonNode a : response.body()) {
            if (a.path("id").asString().equals(id)) {
                run = a;
            }
        }
        assertThat(run).as("run %s in %s", id, response.raw()).isNotNull();
        for (Path file : Dashboards.files()) {
            for (Dashboards.Query q : Dashboards.queries(Dashboards.read(file))) {
                if ("yesoreyeram-infinity-datasource".equals(q.datasourceType())) {
                    for (JsonNode column : q.node().path("target").path("columns")) {
                        assertThat(run.has(column.path("selector").asString())).as("%s reads column %s", q.where(), column)
                                .isTrue();
                    }
                }
            }
        }
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldMeasureEachRequestWithoutObservingEverySecurityFilter() {
        assertThat(api.get("/api/v1/annotations").status()).isEqualTo(200);

        Set<String> names = Scrape.sampleNames(api.get("/actuator/prometheus").raw());

        assertThat(names).contains("http_server_requests_seconds_count");
        // the filters' own observations were an eighth of the request threads' CPU at 200 clients (bench/README.md)
        assertThat(names).filteredOn(name -> name.startsWith("spring_security_")).isEmpty();
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldAskForATokenBeforeShowingRunWindows() {
        Response anonymous = api.withToken(null).get("/api/v1/annotations");

        assertThat(anonymous.status()).as("Grafana's data source sends a viewer token").isEqualTo(401);
    }

    /** A judged run (Prometheus check: outbound call), an aborted one, and one left running. */
    private void exercisePerfGate() {
        String judged = createRun("peak", "1", Instant.now().minusSeconds(60));
        assertThat(api.post("/api/v1/runs/" + judged + "/end", null).status()).isEqualTo(200);
        Response verdict = api.get("/api/v1/runs/" + judged + "/verdict?wait=60");
        assertThat(verdict.status()).as(verdict.raw()).isEqualTo(200);
        assertThat(verdict.body().path("status").asString()).as(verdict.raw()).isEqualTo("PASS");

        String aborted = createRun("peak", "2", Instant.now().minusSeconds(10));
        api.post("/api/v1/runs/" + aborted + "/end", "{\"status\":\"aborted\",\"reason\":\"ops test\"}");
        createRun("soak", "1", Instant.now().minusSeconds(5));
    }

    private String createRun(String workload, String runId, Instant startedAt) {
        Response created = api.post("/api/v1/runs", """
                {"system":"%s","workload":"%s","environment":"test","runId":"%s","startedAt":"%s"}"""
                .formatted(SYSTEM, workload, runId, startedAt));
        assertThat(created.status()).as(created.raw()).isIn(200, 201);
        return created.text("id");
    }

    /** Answers every range query with one series at 12.5 (a CPU percentage). */
    static HttpServer fakePrometheus() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/v1/query_range", exchange -> {
            long now = Instant.now().getEpochSecond();
            byte[] body = ("{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[{\"metric\":{},"
                    + "\"values\":[[" + (now - 30) + ",\"12.5\"],[" + now + ",\"12.5\"]]}]}}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return server;
    }
}

package dev.perfgate.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;

/** The run API end to end over HTTP, on the embedded store. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "perfgate.security.admin-token=it-admin", "perfgate.data-dir=target/it-data/${random.uuid}",
        "perfgate.api.max-body-bytes=4096"})
class RunApiIT {

    @LocalServerPort
    int port;

    @Autowired
    AbandonedRuns abandoned;

    TestApi api;
    String system;

    @BeforeEach
    void setUp() {
        api = new TestApi(port, "it-admin");
        system = "sut-" + System.nanoTime();
    }

    @Test
    void shouldCreateRunWithLinksAndReturnItAgainForTheSameRunId() {
        String body = """
                {"system":"%s","workload":"peak","environment":"test","runId":"151","version":"1.2.0",
                 "buildUrl":"https://ci.example/job/7/","buildNumber":"7","rampUpSeconds":30,"tags":["nightly"],
                 "annotations":{"note":"first"}}""".formatted(system);

        Response first = api.post("/api/v1/runs", body);
        Response second = api.post("/api/v1/runs", body);

        assertThat(first.status()).isEqualTo(201);
        assertThat(first.text("status")).isEqualTo("running");
        assertThat(first.text("trigger")).as("a build URL means CI started it").isEqualTo("ci");
        assertThat(first.body().path("links").path("ui").asString())
                .as("the address the client called, though the run is made on an intake thread")
                .isEqualTo("http://127.0.0.1:" + port + "/runs/" + first.text("id"));
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.text("id")).isEqualTo(first.text("id"));
    }

    @Test
    void shouldEndAsAbortedARunWhoseClientFellSilentAndLeaveAloneOneThatNeverReported() {
        // Given two runs whose clients died: one had reported (perfgate run), one never did (the API alone)
        String silent = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test"}""".formatted(system)).text("id");
        String quiet = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"other"}""".formatted(system)).text("id");
        Response beat = api.post("/api/v1/runs/" + silent + "/heartbeat", "");
        java.time.Instant now = java.time.Instant.now();

        // When PerfGate looks for abandoned runs 9 minutes and then 11 minutes later
        List<Run> early = abandoned.sweep(now.plus(java.time.Duration.ofMinutes(9)));
        List<Run> late = abandoned.sweep(now.plus(java.time.Duration.ofMinutes(11)));

        // Then the run that fell silent is ended as aborted at its last report, with the reason; the other runs on
        assertThat(beat.status()).isEqualTo(204);
        assertThat(early).isEmpty();
        assertThat(late).extracting(Run::id).containsExactly(silent);
        Response ended = api.get("/api/v1/runs/" + silent);
        assertThat(ended.text("status")).isEqualTo("aborted");
        assertThat(ended.text("statusReason")).startsWith("abandoned: its client (perfgate run) last reported at ")
                .contains("and not in the 10 minutes after (perfgate.runs.abandon-after)");
        assertThat(api.get("/api/v1/runs/" + quiet).text("status")).isEqualTo("running");
        Response afterEnd = api.post("/api/v1/runs/" + silent + "/heartbeat", "");
        assertThat(afterEnd.status()).as("a late report hears that the run has ended").isEqualTo(409);
        assertThat(afterEnd.body().path("detail").asString()).contains("has ended (aborted: abandoned:");
        assertThat(abandoned.sweep(now.plus(java.time.Duration.ofMinutes(30)))).as("once").isEmpty();
    }

    @Test
    void shouldLinkAWaitedForVerdictToTheAddressTheClientCalled() {
        String id = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test"}""".formatted(system)).text("id");
        api.post("/api/v1/runs/" + id + "/end", "{}");

        // When: the answer is written by the thread that stored the verdict, not by the request's
        Response verdict = api.get("/api/v1/runs/" + id + "/verdict?wait=30");

        assertThat(verdict.status()).as(verdict.raw()).isEqualTo(200);
        assertThat(verdict.body().path("links").properties()).isNotEmpty()
                .allSatisfy(link -> assertThat(link.getValue().asString()).as(link.getKey())
                        .startsWith("http://127.0.0.1:" + port + "/"));
    }

    @Test
    void shouldCreateExactlyOneRunUnderConcurrentRetriesOfTheSameRunId() throws Exception {
        String body = """
                {"system":"%s","workload":"peak","environment":"test","runId":"retry-1"}""".formatted(system);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Callable<Response>> calls = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            calls.add(() -> api.post("/api/v1/runs", body));
        }

        List<Response> responses = new ArrayList<>();
        for (Future<Response> f : pool.invokeAll(calls)) {
            responses.add(f.get());
        }
        pool.shutdown();

        assertThat(responses).extracting(Response::status).containsOnly(200, 201).containsOnlyOnce(201);
        Set<String> ids = responses.stream().map(r -> r.text("id")).collect(Collectors.toSet());
        assertThat(ids).hasSize(1);
        assertThat(api.get("/api/v1/runs?system=" + system).body().path("runs").size()).isEqualTo(1);
    }

    @Test
    void shouldNumberRunsOfASeriesWhenNoRunIdIsGiven() {
        String body = """
                {"system":"%s","workload":"peak","environment":"test"}""".formatted(system);

        String first = api.post("/api/v1/runs", body).text("runId");
        String second = api.post("/api/v1/runs", body).text("runId");

        assertThat(List.of(first, second)).containsExactly("1", "2");
    }

    @Test
    void shouldEndRunAndTreatTheSameEndAgainAsRetryButRefuseAContradiction() {
        String id = createRun("end-1");

        Response ended = api.post("/api/v1/runs/" + id + "/end", null);
        Response again = api.post("/api/v1/runs/" + id + "/end", "{}");
        Response aborted = api.post("/api/v1/runs/" + id + "/end", "{\"status\":\"aborted\",\"reason\":\"oops\"}");

        assertThat(ended.status()).isEqualTo(200);
        assertThat(ended.text("status")).isEqualTo("completed");
        assertThat(ended.text("endedAt")).isNotBlank();
        assertThat(again.status()).isEqualTo(200);
        assertThat(aborted.status()).isEqualTo(409);
        assertThat(aborted.text("detail")).contains("already completed");
    }

    @Test
    void shouldAbortRunWithReason() {
        String id = createRun("abort-1");

        Response aborted = api.post("/api/v1/runs/" + id + "/end", "{\"status\":\"aborted\",\"reason\":\"load generator died\"}");

        assertThat(aborted.text("status")).isEqualTo("aborted");
        assertThat(aborted.text("statusReason")).isEqualTo("load generator died");
    }

    @Test
    void shouldListNewestFirstInPages() {
        for (int i = 1; i <= 5; i++) {
            api.post("/api/v1/runs", """
                    {"system":"%s","workload":"peak","environment":"test","runId":"r%d","startedAt":"2026-01-0%dT10:00:00Z"}"""
                    .formatted(system, i, i));
        }

        Response page1 = api.get("/api/v1/runs?limit=2&system=" + system);
        String next = page1.text("next");
        Response page2 = api.get(next.substring(next.indexOf("/api/")));

        assertThat(runIds(page1)).containsExactly("r5", "r4");
        assertThat(runIds(page2)).containsExactly("r3", "r2");
    }

    @Test
    void shouldRejectBadInputWithProblemDetails() {
        Response unknownField = api.post("/api/v1/runs", "{\"system\":\"a\",\"workload\":\"b\",\"environment\":\"c\",\"sytem\":1}");
        Response missing = api.post("/api/v1/runs", "{\"workload\":\"b\",\"environment\":\"c\"}");
        Response malformed = api.post("/api/v1/runs", "{\"system\":");
        Response wrongType = api.post("/api/v1/runs", "text/plain", "system=a".getBytes());
        Response tooLarge = api.post("/api/v1/runs", "{\"system\":\"" + "a".repeat(5000) + "\"}");
        Response unknownRun = api.get("/api/v1/runs/000000000000000000000000");

        assertThat(unknownField.status()).isEqualTo(400);
        assertThat(unknownField.text("detail")).contains("Unknown field 'sytem'").contains("system");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.text("detail")).contains("system must not be blank");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.text("detail")).startsWith("Malformed JSON");
        assertThat(wrongType.status()).isEqualTo(415);
        assertThat(wrongType.body().path("status").asInt()).isEqualTo(415);
        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.text("detail")).contains("4096 bytes");
        assertThat(unknownRun.status()).isEqualTo(404);
    }

    @Test
    void shouldRequireTokenAndRole() {
        String viewer = api.post("/api/v1/tokens", "{\"name\":\"dashboards\",\"role\":\"viewer\"}").text("token");

        Response anonymous = api.withToken(null).post("/api/v1/runs", "{}");
        Response wrongToken = api.withToken("nope").get("/api/v1/runs");
        Response viewerReads = api.withToken(viewer).get("/api/v1/runs");
        Response viewerWrites = api.withToken(viewer).post("/api/v1/runs",
                "{\"system\":\"a\",\"workload\":\"b\",\"environment\":\"c\"}");

        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.text("detail")).startsWith("An API token is required").contains("Bearer");
        assertThat(wrongToken.status()).isEqualTo(401);
        assertThat(wrongToken.text("detail")).startsWith("The API token is not valid");
        assertThat(viewerReads.status()).isEqualTo(200);
        assertThat(viewerWrites.status()).isEqualTo(403);
    }

    @Test
    void shouldKeepHealthAndOpenApiOpen() {
        TestApi anonymous = api.withToken(null);

        assertThat(anonymous.get("/actuator/health").text("status")).isEqualTo("UP");
        Response openApi = anonymous.get("/v3/api-docs");
        assertThat(openApi.status()).isEqualTo(200);
        assertThat(openApi.body().path("paths").has("/api/v1/runs")).isTrue();
        assertThat(openApi.body().path("paths").has("/api/v1/runs/{id}/end")).isTrue();
    }

    private String createRun(String runId) {
        return api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test","runId":"%s"}""".formatted(system, runId)).text("id");
    }

    private static List<String> runIds(Response page) {
        List<String> ids = new ArrayList<>();
        page.body().path("runs").forEach(run -> ids.add(run.path("runId").asString()));
        return ids;
    }
}

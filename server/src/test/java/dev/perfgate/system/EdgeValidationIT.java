package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;
import dev.perfgate.check.ChecksDir;
import dev.perfgate.check.GateDefinitions;

/** Every bad parameter and field gets a 4xx problem naming it, over HTTP on the embedded store; nothing impossible is stored. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "perfgate.security.admin-token=edge-admin", "perfgate.data-dir=target/it-data/${random.uuid}",
        "perfgate.checks-reload-ms=200"})
class EdgeValidationIT {

    static final Path CHECKS = ChecksDir.create();

    @DynamicPropertySource
    static void checksDir(DynamicPropertyRegistry registry) {
        registry.add("perfgate.checks-dir", CHECKS::toString);
    }

    @LocalServerPort
    int port;
    @Autowired
    GateDefinitions definitions;

    TestApi api;
    String system;
    String run;

    @BeforeEach
    void setUp() {
        api = new TestApi(port, "edge-admin");
        system = "sut-" + System.nanoTime();
        run = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test"}""".formatted(system)).text("id");
    }

    @ParameterizedTest
    @CsvSource({
            "/api/v1/runs?limit=0, limit, 1 and 200",
            "/api/v1/runs?limit=-1, limit, 1 and 200",
            "/api/v1/runs?limit=201, limit, 1 and 200",
            "/api/v1/annotations?limit=0, limit, 1 and 2000",
            "/api/v1/annotations?limit=2001, limit, 1 and 2000",
            "/api/v1/alerts?limit=0, limit, 1 and 1000",
            "/api/v1/alerts?limit=1001, limit, 1 and 1000"})
    void shouldRefuseParametersOutOfRangeNamingTheRange(String path, String field, String range) {
        Response response = api.get(path);

        assertThat(response.status()).as(response.raw()).isEqualTo(400);
        assertThat(response.text("detail")).contains(field).contains("between " + range);
        assertThat(response.body().path("fields").get(0).asString()).isEqualTo(field);
    }

    @ParameterizedTest
    @CsvSource({"-1", "301"})
    void shouldRefuseAVerdictWaitOutOfRange(String wait) {
        Response response = api.get("/api/v1/runs/" + run + "/verdict?wait=" + wait);

        assertThat(response.status()).as(response.raw()).isEqualTo(400);
        assertThat(response.text("detail")).contains("wait must be between 0 and 300 (was '" + wait + "')");
    }

    @Test
    void shouldRefuseARunThatStartsOrEndsInTheFuture() {
        Instant now = Instant.now();
        Response future = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test","startedAt":"%s"}"""
                .formatted(system, now.plus(Duration.ofDays(1))));
        // a caller's clock a minute ahead of the server's is not the future
        Response skewed = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test","startedAt":"%s"}"""
                .formatted(system, now.plusSeconds(60)));
        Response endedLater = api.post("/api/v1/runs/" + run + "/end", "{\"endedAt\":\"" + now.plus(Duration.ofDays(1))
                + "\"}");

        assertThat(future.status()).as(future.raw()).isEqualTo(400);
        assertThat(future.text("detail")).contains("startedAt").contains("is in the future");
        assertThat(skewed.status()).as(skewed.raw()).isEqualTo(201);
        assertThat(endedLater.status()).as(endedLater.raw()).isEqualTo(400);
        assertThat(endedLater.text("detail")).contains("endedAt").contains("is in the future");
        assertThat(api.get("/api/v1/runs/" + run).text("status")).isEqualTo("running");
    }

    @Test
    void shouldRefuseDatesTheStoreCannotHold() {
        String far = "+1000000000-01-01T00:00:00Z";
        Response started = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test","startedAt":"%s"}""".formatted(system, far));
        Response window = results("""
                {"format":"perfgate-results/v1","window":{"start":"-1000000000-01-01T00:00:00Z"},"global":{"count":1,"ok":1,"ko":0}}""");
        Response point = results("""
                {"format":"perfgate-results/v1","global":{"count":1,"ok":1,"ko":0},"timeseries":[{"t":"%s","requests":1,"errors":0}]}""".formatted(far));
        Response annotations = api.get("/api/v1/annotations?to=-9223372036854775808");
        Response ended = api.post("/api/v1/runs/" + run + "/end", "{\"endedAt\":\"" + far + "\"}");

        assertThat(started.status()).as(started.raw()).isEqualTo(400);
        assertThat(started.text("detail")).contains("startedAt must be between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z");
        assertThat(window.status()).as(window.raw()).isEqualTo(400);
        assertThat(window.text("detail")).contains("window.start must be between");
        assertThat(point.status()).as(point.raw()).isEqualTo(400);
        assertThat(point.text("detail")).contains("timeseries[0].t must be between");
        assertThat(annotations.status()).as(annotations.raw()).isEqualTo(400);
        assertThat(annotations.text("detail")).startsWith("to must be between");
        assertThat(ended.status()).as(ended.raw()).isEqualTo(400);
        assertThat(ended.text("detail")).contains("endedAt must be between");
        assertThat(api.get("/api/v1/runs/" + run).text("status")).as("the run is still running").isEqualTo("running");
    }

    @Test
    void shouldRefuseANullRequestEntry() {
        Response response = results("""
                {"format":"perfgate-results/v1","requests":[null]}""");

        assertThat(response.status()).as(response.raw()).isEqualTo(400);
        assertThat(response.text("detail")).contains("requests[0]").contains("must not hold null entries");
    }

    @Test
    void shouldRefuseAMillionMeasuresSayingTheLimit() {
        StringBuilder body = new StringBuilder("{");
        for (int i = 0; i < 1_000_000; i++) {
            body.append(i == 0 ? "" : ",").append("\"m").append(i).append("\":1");
        }
        body.append('}');

        Response response = api.post("/api/v1/runs/" + run + "/measures", body.toString());

        assertThat(response.status()).as(response.raw()).isEqualTo(413);
        assertThat(response.text("detail")).isEqualTo("measures holds 1000000 entries; a run's results hold at most 500 "
                + "(perfgate.results.max-measures)");
        assertThat(api.get("/api/v1/runs/" + run + "/results").status()).as("nothing stored").isEqualTo(404);
    }

    @Test
    void shouldApplyTheSameSizeModelToMeasuresAddedInSteps() {
        StringBuilder first = new StringBuilder("{\"format\":\"perfgate-results/v1\",\"measures\":{");
        for (int i = 0; i < 400; i++) {
            first.append(i == 0 ? "" : ",").append("\"a").append(i).append("\":1");
        }
        results(first.append("}}").toString());
        StringBuilder second = new StringBuilder("{");
        for (int i = 0; i < 200; i++) {
            second.append(i == 0 ? "" : ",").append("\"b").append(i).append("\":1");
        }

        Response response = api.post("/api/v1/runs/" + run + "/measures", second.append('}').toString());

        assertThat(response.status()).as(response.raw()).isEqualTo(413);
        assertThat(response.text("detail")).contains("600 entries").contains("at most 500");
    }

    @Test
    void shouldRefuseANumberOfTheWrongKindInsteadOfConvertingIt() {
        Response fraction = results("""
                {"format":"perfgate-results/v1","global":{"count":3000.5,"ok":3000,"ko":0,"p99Ms":150}}""");
        Response quoted = results("""
                {"format":"perfgate-results/v1","global":{"count":3000,"ok":3000,"ko":0,"p99Ms":"150"}}""");
        Response whole = results("""
                {"format":"perfgate-results/v1","global":{"count":3000,"ok":3000,"ko":0,"p99Ms":150,"meanMs":40.5}}""");

        assertThat(fraction.status()).as(fraction.raw()).isEqualTo(400);
        assertThat(fraction.text("detail")).isEqualTo("Invalid results JSON at global.count: expected a whole number, got 3000.5");
        assertThat(quoted.status()).as(quoted.raw()).isEqualTo(400);
        assertThat(quoted.text("detail")).isEqualTo("Invalid results JSON at global.p99Ms: expected a number, got the string \"150\"");
        assertThat(whole.status()).as(whole.raw()).isEqualTo(200);
    }

    @Test
    void shouldRefuseADuplicateJsonKey() {
        Response response = results("""
                {"format":"perfgate-results/v1","global":{"count":1,"ok":1,"ko":0,"p99Ms":900,"p99Ms":1}}""");
        Response run = api.post("/api/v1/runs", """
                {"system":"%s","system":"other","workload":"peak","environment":"test"}""".formatted(system));

        assertThat(response.status()).as(response.raw()).isEqualTo(400);
        assertThat(response.text("detail")).contains("Duplicate").contains("p99Ms");
        assertThat(run.status()).as(run.raw()).isEqualTo(400);
    }

    @Test
    void shouldRefuseNonFiniteOrNegativeNumbersInThePerfGateFormat() {
        Response nan = results("""
                {"format":"perfgate-results/v1","global":{"count":1,"ok":1,"ko":0,"p99Ms":"NaN"}}""");
        Response infinite = results("""
                {"format":"perfgate-results/v1","global":{"count":1,"ok":1,"ko":0,"meanMs":"-Infinity"}}""");

        assertThat(nan.status()).as(nan.raw()).isEqualTo(400);
        assertThat(nan.text("detail")).contains("p99Ms");
        assertThat(infinite.status()).as(infinite.raw()).isEqualTo(400);
        assertThat(infinite.text("detail")).contains("meanMs");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "\"181\"|\"-5\"|stats.percentiles4.ok must be a finite number >= 0 (was -5.0)",
            "\"181\"|\"-Infinity\"|stats.percentiles4.ok must be a finite number >= 0 (was -Infinity)",
            "\"181\"|\"NaN\"|stats.percentiles4.ok must be a finite number >= 0 (was NaN)"})
    void shouldRefuseAGatlingStatsJsonWithAnImpossibleP99AndNeverPassIt(String original, String hostile, String message)
            throws Exception {
        ChecksDir.write(definitions, CHECKS, system + ".yaml", """
                system: %s
                checks:
                  - id: p99
                    results: { stat: p99 }
                    requirement: "<= 200ms"
                """.formatted(system));
        String stats = fixture().replace("\"ok\": " + original, "\"ok\": " + hostile);
        assertThat(stats).as("the fixture's global p99").contains("\"ok\": " + hostile);

        Response posted = results(stats);
        api.post("/api/v1/runs/" + run + "/end", null);
        Response verdict = api.get("/api/v1/runs/" + run + "/verdict?wait=30");

        assertThat(posted.status()).as(posted.raw()).isEqualTo(400);
        assertThat(posted.text("detail")).isEqualTo("Gatling stats.json: 'All Requests' " + message);
        assertThat(verdict.text("status")).as(verdict.raw()).isNotEqualTo("PASS");
    }

    @Test
    void shouldRefuseImpossibleGatlingCounts() throws IOException {
        Response negative = results(fixture().replace("\"total\": \"1210\"", "\"total\": \"-1210\""));
        Response sum = results(fixture().replace("\"ko\": \"10\"", "\"ko\": \"11\""));

        assertThat(negative.status()).as(negative.raw()).isEqualTo(400);
        assertThat(negative.text("detail")).contains("stats.numberOfRequests.total must be a whole number >= 0 (was -1210.0)");
        assertThat(sum.status()).as(sum.raw()).isEqualTo(400);
        assertThat(sum.text("detail")).contains("ok (1200) + ko (11) must equal total (1210)");
    }

    @Test
    void shouldRefuseAGatlingStatsJsonWithMoreRequestsThanTheCap() {
        StringBuilder contents = new StringBuilder();
        for (int i = 0; i < 5001; i++) {
            contents.append(i == 0 ? "" : ",").append("""
                    "r%d":{"type":"REQUEST","name":"r%d","stats":{"numberOfRequests":{"total":1,"ok":1,"ko":0}}}""".formatted(i, i));
        }
        Response response = results("""
                {"type":"GROUP","name":"All Requests","stats":{"numberOfRequests":{"total":5001,"ok":5001,"ko":0}},"contents":{%s}}"""
                .formatted(contents));

        assertThat(response.status()).as(response.raw()).isEqualTo(413);
        assertThat(response.text("detail")).contains("at most 5000").contains("perfgate.results.max-requests");
    }

    @Test
    void shouldNeverLinkToTheCallersHostHeader() throws IOException {
        String answer;
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.getOutputStream().write(("GET /api/v1/runs/" + run + " HTTP/1.1\r\nHost: evil.example\r\n"
                    + "Authorization: Bearer edge-admin\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }

        assertThat(answer).startsWith("HTTP/1.1 200").contains("/runs/" + run).doesNotContain("evil.example");
    }

    @Test
    @ExtendWith(OutputCaptureExtension.class)
    void shouldEscapeLineBreaksOfLoggedValuesInTheServersLog(CapturedOutput output) {
        LoggerFactory.getLogger(EdgeValidationIT.class).info("Request {} judged", "checkout\n2026-01-01 ERROR forged");

        assertThat(output.getOut()).contains("Request checkout\\n2026-01-01 ERROR forged judged")
                .doesNotContain("\n2026-01-01 ERROR forged");
    }

    private Response results(String json) {
        return api.post("/api/v1/runs/" + run + "/results", json);
    }

    private static String fixture() throws IOException {
        try (InputStream in = EdgeValidationIT.class.getResourceAsStream("/results/gatling-3.12-stats.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

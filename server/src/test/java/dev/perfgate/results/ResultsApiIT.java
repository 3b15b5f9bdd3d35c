package dev.perfgate.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.perfgate.SharedServer;
import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;
import tools.jackson.databind.JsonNode;

/** Results posted over HTTP are stored with exactly the numbers they carry, and bad results lose nothing. */
class ResultsApiIT extends SharedServer {


    TestApi api;
    String run;

    @BeforeEach
    void setUp() {
        api = new TestApi(port, ADMIN_TOKEN);
        run = api.post("/api/v1/runs", """
                {"system":"sut-%d","workload":"peak","environment":"test","rampUpSeconds":10}""".formatted(System.nanoTime()))
                .text("id");
    }

    @Test
    void shouldStoreAGatling312StatsJsonWithGatlingsOwnNumbers() throws IOException {
        Response posted = api.post("/api/v1/runs/" + run + "/results", fixture("gatling-3.12-stats.json"));

        JsonNode stored = api.get("/api/v1/runs/" + run + "/results").body();
        assertThat(posted.status()).as(posted.raw()).isEqualTo(200);
        assertThat(stored.path("source").asString()).isEqualTo("gatling-stats.json");
        assertThat(stored.path("windowIncludesRampUp").asBoolean()).as("stats.json covers the whole run").isTrue();
        JsonNode global = stored.path("global");
        assertThat(global.path("count").asLong()).isEqualTo(1210);
        assertThat(global.path("ok").asLong()).isEqualTo(1200);
        assertThat(global.path("ko").asLong()).isEqualTo(10);
        assertThat(global.path("minMs").asDouble()).as("the ok column").isEqualTo(2.0);
        assertThat(global.path("meanMs").asDouble()).isEqualTo(44.0);
        assertThat(global.path("p50Ms").asDouble()).isEqualTo(35.0);
        assertThat(global.path("p95Ms").asDouble()).isEqualTo(92.0);
        assertThat(global.path("p99Ms").asDouble()).isEqualTo(181.0);
        assertThat(global.path("p90Ms").isNull()).as("not in a stats.json").isTrue();
        assertThat(global.path("throughputRps").asDouble()).isEqualTo(20.167);
        assertThat(stored.path("requests")).extracting(r -> r.path("name").asString())
                .containsExactlyInAnyOrder("matrix", "checkout / pay");
    }

    @Test
    void shouldRejectInconsistentResultsAndKeepTheStoredOnes() {
        api.post("/api/v1/runs/" + run + "/results", """
                {"format":"perfgate-results/v1","global":{"count":10,"ok":10,"ko":0,"p99Ms":40}}""");

        Response bad = api.post("/api/v1/runs/" + run + "/results", """
                {"format":"perfgate-results/v1","global":{"count":10,"ok":8,"ko":1,"p99Ms":90}}""");
        Response unknown = api.post("/api/v1/runs/" + run + "/results", """
                {"format":"perfgate-results/v1","globl":{}}""");
        Response notResults = api.post("/api/v1/runs/" + run + "/results", "{\"hello\":1}");

        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.text("detail")).isEqualTo("Request global: ok (8) + ko (1) must equal count (10)");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.text("detail")).contains("globl");
        assertThat(notResults.status()).isEqualTo(400);
        assertThat(api.get("/api/v1/runs/" + run + "/results").body().path("global").path("p99Ms").asDouble()).isEqualTo(40.0);
    }

    @Test
    void shouldMergeMeasuresPostedSeparately() {
        api.post("/api/v1/runs/" + run + "/measures", "{\"cpu_avg_pct\":51.12}");
        api.post("/api/v1/runs/" + run + "/results", """
                {"format":"perfgate-results/v1","global":{"count":10,"ok":10,"ko":0},"measures":{"heap_used_mb":300}}""");

        JsonNode measures = api.get("/api/v1/runs/" + run + "/results").body().path("measures");
        Response badName = api.post("/api/v1/runs/" + run + "/measures", "{\"cpu.avg\":1}");

        assertThat(measures.path("cpu_avg_pct").asDouble()).isEqualTo(51.12);
        assertThat(measures.path("heap_used_mb").asDouble()).isEqualTo(300.0);
        assertThat(badName.status()).isEqualTo(400);
    }

    @Test
    void shouldKeepAJudgedRunsNumbersAndTakeOnlyTheSameAgainOrWhatItLacks() {
        String results = """
                {"format":"perfgate-results/v1","global":{"count":10,"ok":10,"ko":0,"p99Ms":150},"measures":{"cpu_avg_pct":40}}""";
        api.post("/api/v1/runs/" + run + "/results", results);
        api.post("/api/v1/runs/" + run + "/end", null);
        String judged = api.get("/api/v1/runs/" + run + "/verdict?wait=30").text("status");

        Response same = api.post("/api/v1/runs/" + run + "/results", results);
        Response better = api.post("/api/v1/runs/" + run + "/results", results.replace("150", "120"));
        Response changedMeasure = api.post("/api/v1/runs/" + run + "/measures", "{\"cpu_avg_pct\":30}");
        Response newMeasure = api.post("/api/v1/runs/" + run + "/measures", "{\"heap_used_mb\":300}");
        Response newRequest = api.post("/api/v1/runs/" + run + "/results", results.replace("\"measures\"",
                "\"requests\":[{\"name\":\"home\",\"count\":10,\"ok\":10,\"ko\":0,\"p99Ms\":150}],\"measures\""));

        assertThat(judged).isNotEqualTo("PENDING");
        assertThat(same.status()).as("a retry with the same numbers").isEqualTo(200);
        assertThat(better.status()).as(better.raw()).isEqualTo(409);
        assertThat(better.text("detail")).contains("is judged already (" + judged + "): its request statistics cannot be"
                + " replaced by different numbers");
        assertThat(changedMeasure.status()).isEqualTo(409);
        assertThat(changedMeasure.text("detail")).contains("its measures cpu_avg_pct cannot be replaced");
        assertThat(newMeasure.status()).as("what the run lacked").isEqualTo(200);
        assertThat(newRequest.status()).as("a request's statistics it lacked, the global ones as they were")
                .isEqualTo(200);
        JsonNode stored = api.get("/api/v1/runs/" + run + "/results").body();
        assertThat(stored.path("global").path("p99Ms").asDouble()).isEqualTo(150.0);
        assertThat(stored.path("measures").path("cpu_avg_pct").asDouble()).isEqualTo(40.0);
        assertThat(stored.path("measures").path("heap_used_mb").asDouble()).isEqualTo(300.0);
    }

    private static String fixture(String name) throws IOException {
        try (InputStream in = ResultsApiIT.class.getResourceAsStream("/results/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

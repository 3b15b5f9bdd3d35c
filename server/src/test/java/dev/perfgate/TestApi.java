package dev.perfgate;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small HTTP client for tests that talk to a running PerfGate over loopback. */
public final class TestApi {

    /** A response: status and parsed JSON body (null when empty). */
    public record Response(int status, JsonNode body, String raw) {
        public String text(String field) {
            return body.path(field).asString();
        }
    }

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The check {@code id} of a verdict's JSON; none fails the test, naming the verdict. */
    public static JsonNode check(JsonNode verdict, String id) {
        for (JsonNode c : verdict.path("checks")) {
            if (c.path("id").asString().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no check " + id + " in " + verdict);
    }

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final String token;

    public TestApi(int port, String token) {
        this("http://127.0.0.1:" + port, token);
    }

    public TestApi(String base, String token) {
        this.base = base;
        this.token = token;
    }

    public TestApi withToken(String other) {
        return new TestApi(base, other);
    }

    public Response get(String path) {
        return send(request(path).GET());
    }

    public Response post(String path, String json) {
        return send(request(path).header("Content-Type", "application/json")
                .POST(json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json)));
    }

    public Response post(String path, String contentType, byte[] body) {
        return send(request(path).header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    public Response put(String path, String json) {
        return send(request(path).header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    public Response delete(String path) {
        return send(request(path).DELETE());
    }

    /**
     * A one-minute run of {@code system}/peak/test from {@code start} with its avg CPU posted as a measure, ended and
     * judged: its verdict (whose {@code id} is the run's PerfGate id).
     */
    public JsonNode judgedMinute(String system, String runId, Instant start, double cpu) {
        String id = post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test","runId":"%s","startedAt":"%s"}"""
                .formatted(system, runId, start)).text("id");
        post("/api/v1/runs/" + id + "/results", """
                {"format":"perfgate-results/v1","global":{"count":6000,"ok":6000,"ko":0,"p99Ms":100,"throughputRps":100},
                 "measures":{"cpu_avg_pct":%s}}""".formatted(cpu));
        post("/api/v1/runs/" + id + "/end", "{\"endedAt\":\"" + start.plusSeconds(60) + "\"}");
        Response verdict = get("/api/v1/runs/" + id + "/verdict?wait=60");
        if (verdict.status() != 200) {
            throw new AssertionError("no verdict of run " + runId + ": " + verdict.raw());
        }
        return verdict.body();
    }

    public static String json(Object value) {
        return JSON.writeValueAsString(value);
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return builder;
    }

    private Response send(HttpRequest.Builder builder) {
        try {
            HttpResponse<String> response = http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
            String raw = response.body();
            JsonNode body = raw == null || raw.isBlank() ? JSON.missingNode() : parse(raw);
            return new Response(response.statusCode(), body, raw);
        } catch (IOException e) {
            throw new IllegalStateException("HTTP call failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode parse(String raw) {
        try {
            return JSON.readTree(raw);
        } catch (RuntimeException notJson) {
            return JSON.missingNode();
        }
    }
}

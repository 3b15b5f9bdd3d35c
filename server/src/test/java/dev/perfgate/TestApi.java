package dev.perfgate;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

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

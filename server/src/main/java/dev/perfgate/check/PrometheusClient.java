package dev.perfgate.check;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.perfgate.system.OutboundHttp;

/**
 * Reads a PromQL expression over a window from Prometheus' HTTP API ({@code /api/v1/query_range})
 * and aggregates it in Java. Every way of not getting a number is a reason, never a value.
 */
@Component
class PrometheusClient {

    private final HttpClient http;
    private final JsonMapper json;

    PrometheusClient(JsonMapper json, OutboundHttp outbound) {
        this.http = outbound.client("prometheus", Duration.ofSeconds(5));
        this.json = json;
    }

    Measurement query(String baseUrl, String query, String aggregate, Instant start, Instant end) {
        long seconds = Math.max(1, Duration.between(start, end).toSeconds());
        long step = Math.max(1, (seconds + 999) / 1000);
        String url = baseUrl.replaceAll("/+$", "") + "/api/v1/query_range?query=" + encode(query)
                + "&start=" + epoch(start) + "&end=" + epoch(end) + "&step=" + step;
        HttpResponse<String> response;
        try {
            response = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return Measurement.missing("Prometheus at " + baseUrl + " did not answer: " + describe(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Measurement.missing("interrupted while querying Prometheus");
        }
        JsonNode body;
        try {
            body = json.readTree(response.body());
        } catch (RuntimeException e) {
            return Measurement.missing("Prometheus answered HTTP " + response.statusCode() + " with no JSON");
        }
        if (!"success".equals(body.path("status").asString(""))) {
            return Measurement.missing("Prometheus rejected the query (" + body.path("errorType").asString("HTTP " + response.statusCode())
                    + "): " + body.path("error").asString(""));
        }
        JsonNode result = body.path("data").path("result");
        if (result.isEmpty()) {
            return Measurement.missing("the query returned no series between " + start + " and " + end);
        }
        if (result.size() > 1) {
            return Measurement.missing("the query returned " + result.size()
                    + " series; aggregate them in PromQL (e.g. sum(...) or avg(...)) so it returns one");
        }
        List<Double> values = new ArrayList<>();
        for (JsonNode sample : result.get(0).path("values")) {
            double v = Double.parseDouble(sample.get(1).asString());
            if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                values.add(v);
            }
        }
        if (values.isEmpty()) {
            return Measurement.missing("the query's series has no numeric samples in the window");
        }
        return Measurement.of(Aggregates.apply(aggregate, values));
    }

    private static String describe(IOException e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : " " + message);
    }

    private static String epoch(Instant t) {
        return String.format(java.util.Locale.ROOT, "%.3f", t.toEpochMilli() / 1000.0);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}

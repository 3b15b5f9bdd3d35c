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
import java.util.Locale;

import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.perfgate.system.OutboundHttp;

/**
 * PerfGate's one client of Prometheus' HTTP API ({@code /api/v1/query_range}), timed as target {@code prometheus}:
 * verdicts aggregate a query over a run's window, the run page charts it. Every way of not getting samples (no
 * answer, an answer without JSON, a rejected query, no series, several series) is a reason, never an empty series.
 */
@Component
public class PrometheusClient {

    /** The samples of a query's one series as [epoch ms, value] (NaN and infinities dropped), or why there are none. */
    public record Samples(List<double[]> points, String reason) {

        static Samples none(String reason) {
            return new Samples(List.of(), reason);
        }

        /** The values of the points, in time order. */
        public List<Double> values() {
            return points.stream().map(p -> p[1]).toList();
        }

        /** True when the query returned one series; its points may still be empty. */
        public boolean answered() {
            return reason == null;
        }
    }

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(20);

    private final HttpClient http;
    private final JsonMapper json;

    public PrometheusClient(JsonMapper json, OutboundHttp outbound) {
        this.http = outbound.client("prometheus", Duration.ofSeconds(5));
        this.json = json;
    }

    /** The query's samples over a run's window, with a step that keeps the answer at about 1,000 samples. */
    Samples window(String baseUrl, String query, Instant start, Instant end) {
        long seconds = Math.max(1, Duration.between(start, end).toSeconds());
        return range(baseUrl, query, start, end, Math.max(1, (seconds + 999) / 1000));
    }

    /** The samples of {@code query} between {@code start} and {@code end}, one every {@code stepSeconds}. */
    public Samples range(String baseUrl, String query, Instant start, Instant end, long stepSeconds) {
        String url = baseUrl.replaceAll("/+$", "") + "/api/v1/query_range?query=" + encode(query)
                + "&start=" + epoch(start) + "&end=" + epoch(end) + "&step=" + stepSeconds;
        HttpResponse<String> response;
        try {
            response = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(REQUEST_TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return Samples.none("Prometheus at " + baseUrl + " did not answer: " + describe(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Samples.none("interrupted while querying Prometheus");
        } catch (IllegalArgumentException e) {
            return Samples.none("Prometheus URL " + baseUrl + " is not a valid URL: " + e.getMessage());
        }
        JsonNode body;
        try {
            body = json.readTree(response.body());
        } catch (RuntimeException e) {
            return Samples.none("Prometheus answered HTTP " + response.statusCode() + " with no JSON");
        }
        int status = response.statusCode();
        if (status < 200 || status > 299 || !"success".equals(body.path("status").asString(""))) {
            return Samples.none("Prometheus rejected the query (" + body.path("errorType").asString("HTTP " + status)
                    + "): " + body.path("error").asString(""));
        }
        JsonNode result = body.path("data").path("result");
        if (result.isEmpty()) {
            return Samples.none("the query returned no series between " + start + " and " + end);
        }
        if (result.size() > 1) {
            return Samples.none("the query returned " + result.size()
                    + " series; aggregate them in PromQL (e.g. sum(...) or avg(...)) so it returns one");
        }
        List<double[]> points = new ArrayList<>();
        for (JsonNode sample : result.get(0).path("values")) {
            double value = Double.parseDouble(sample.get(1).asString());
            if (!Double.isNaN(value) && !Double.isInfinite(value)) {
                points.add(new double[] {Math.round(sample.get(0).asDouble() * 1000), value});
            }
        }
        return new Samples(points, null);
    }

    private static String describe(IOException e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : " " + message);
    }

    private static String epoch(Instant t) {
        return String.format(Locale.ROOT, "%.3f", t.toEpochMilli() / 1000.0);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}

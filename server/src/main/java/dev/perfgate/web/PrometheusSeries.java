package dev.perfgate.web;

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
import java.util.Optional;

import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.perfgate.check.GateDefinitions;
import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.ValueSource;
import dev.perfgate.ops.OutboundHttp;
import dev.perfgate.run.Run;

/**
 * The run page's Prometheus chart: the PromQL of the series' first Prometheus check (the key check when it is one)
 * over the whole run, ramp-up included, from {@code /api/v1/query_range}. The page loads it after it is shown, so a
 * slow Prometheus never slows the page.
 */
@Component
class PrometheusSeries {

    /** What the chart draws; {@code reason} says why there are no points. Times in epoch milliseconds. */
    record Chart(String check, String unit, String query, long start, long steadyStart, long end, List<double[]> points,
            String reason) {
    }

    private static final int MAX_POINTS = 600;

    private final GateDefinitions definitions;
    private final JsonMapper json;
    private final HttpClient http;

    PrometheusSeries(GateDefinitions definitions, JsonMapper json, OutboundHttp outbound) {
        this.definitions = definitions;
        this.json = json;
        // through OutboundHttp: timed, and with the check file's credentials for this Prometheus
        this.http = outbound.client("prometheus", Duration.ofSeconds(3));
    }

    /** The check whose PromQL the page charts, if the series' checks read Prometheus. */
    Optional<CheckDefinition> check(Run run) {
        return gate(run).flatMap(gate -> gate.checks().stream()
                .filter(c -> c.source() instanceof ValueSource.Prometheus)
                .sorted((a, b) -> Boolean.compare(b.key(), a.key())).findFirst());
    }

    Optional<Chart> chart(Run run) {
        Optional<GateDefinition> gate = gate(run);
        Optional<CheckDefinition> check = check(run);
        if (gate.isEmpty() || check.isEmpty() || run.endedAt() == null) {
            return Optional.empty();
        }
        String query = ((ValueSource.Prometheus) check.get().source()).query();
        String base = gate.get().prometheusUrlFor(run.environment());
        Instant start = run.startedAt();
        Instant end = run.endedAt();
        long step = Math.max(1, (Duration.between(start, end).toSeconds() + MAX_POINTS - 1) / MAX_POINTS);
        String url = base.replaceAll("/+$", "") + "/api/v1/query_range?query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8) + "&start=" + epoch(start) + "&end=" + epoch(end)
                + "&step=" + step;
        List<double[]> points = List.of();
        String reason = null;
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url))
                    .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
            points = points(json.readTree(response.body()));
            if (points.isEmpty()) {
                reason = "Prometheus has no samples of the query in the run's window";
            }
        } catch (IOException | RuntimeException e) {
            reason = "Prometheus at " + base + " did not answer the query (" + e.getClass().getSimpleName() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            reason = "interrupted";
        }
        return Optional.of(new Chart(check.get().name(), check.get().unit(), query, start.toEpochMilli(),
                run.steadyStateStart().toEpochMilli(), end.toEpochMilli(), points, reason));
    }

    /** The samples of a query_range answer with one series, as [epoch ms, value]; empty for anything else. */
    static List<double[]> points(JsonNode body) {
        JsonNode result = body.path("data").path("result");
        if (!"success".equals(body.path("status").asString("")) || result.size() != 1) {
            return List.of();
        }
        List<double[]> points = new ArrayList<>();
        for (JsonNode sample : result.get(0).path("values")) {
            double value = Double.parseDouble(sample.get(1).asString());
            if (!Double.isNaN(value) && !Double.isInfinite(value)) {
                points.add(new double[] {Math.round(sample.get(0).asDouble() * 1000), value});
            }
        }
        return points;
    }

    private Optional<GateDefinition> gate(Run run) {
        return definitions.find(run.system(), run.workload(), run.environment());
    }

    private static String epoch(Instant t) {
        return String.format(Locale.ROOT, "%.3f", t.toEpochMilli() / 1000.0);
    }
}

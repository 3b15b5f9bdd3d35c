package dev.perfgate.system;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalDouble;
import java.util.function.DoublePredicate;
import java.util.stream.Collectors;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A process's CPU as the real test servers see it: a shell that burns CPU under a command line the tests choose
 * (scripts/test-servers/process-exporter.yml groups it by that line), and Prometheus polled for a process-exporter
 * query. A wait that runs out says what Prometheus last answered, what the exporter itself reports for the group and
 * how its scrapes went, so that a slow exporter is told apart from a wrong grouping.
 */
public final class ProcessCpu {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ProcessCpu() {
    }

    /** A shell that burns one core until destroyed; {@code marker} is the last word of its command line. */
    public static Process burn(String marker) throws IOException {
        return new ProcessBuilder("/bin/sh", "-c", "while :; do :; done", marker).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    /**
     * Polls Prometheus every 250 ms until {@code query}'s first value meets {@code condition}, for {@code max} at
     * most; then fails with what Prometheus, the exporter for {@code group} and the exporter's scrapes said.
     */
    public static double await(String query, DoublePredicate condition, String group, String what, Duration max)
            throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(max);
        String last = "";
        while (Instant.now().isBefore(deadline)) {
            last = prometheus(query);
            OptionalDouble value = first(last);
            if (value.isPresent() && condition.test(value.getAsDouble())) {
                return value.getAsDouble();
            }
            Thread.sleep(250);
        }
        throw new AssertionError("waited " + max.toSeconds() + " s for " + what + " (" + query + "); Prometheus last said "
                + last + "; the exporter's own lines for group " + group + ": " + exporterLines(group)
                + "; its scrapes in the last 2 minutes: " + scrapes());
    }

    private static OptionalDouble first(String answer) {
        JsonNode result = JSON.readTree(answer).path("data").path("result");
        return result.isEmpty() ? OptionalDouble.empty()
                : OptionalDouble.of(Double.parseDouble(result.get(0).path("value").get(1).asString()));
    }

    private static String prometheus(String query) throws IOException, InterruptedException {
        return get(TestServers.prometheusUrl() + "/api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
    }

    private static String get(String url) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private static String exporterLines(String group) {
        try {
            String lines = get(TestServers.processExporterUrl() + "/metrics").lines()
                    .filter(line -> line.contains("groupname=\"" + group + "\"")
                            && (line.contains("_cpu_seconds_total") || line.contains("_num_procs")))
                    .collect(Collectors.joining(" | "));
            return lines.isEmpty() ? "none" : lines;
        } catch (IOException | InterruptedException e) {
            return "unreadable (" + e + ")";
        }
    }

    private static String scrapes() {
        try {
            double scrapes = first(prometheus("count_over_time(up{job=\"process-exporter\"}[2m])")).orElse(0);
            double good = first(prometheus("sum_over_time(up{job=\"process-exporter\"}[2m])")).orElse(0);
            return "%.0f, %.0f of them failed, the longest %s s".formatted(scrapes, scrapes - good,
                    first(prometheus("max_over_time(scrape_duration_seconds{job=\"process-exporter\"}[2m])")).orElse(Double.NaN));
        } catch (IOException | InterruptedException e) {
            return "unreadable (" + e + ")";
        }
    }
}

package dev.perfgate.bench;

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
import java.util.Map;

/** The real Pyroscope OSS server side of the benchmark: folded ingestion and timed raw HTTP queries. */
final class PyroscopeBenchServer {

    private static final int LINES_PER_INGEST = 10_000;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final String url;

    PyroscopeBenchServer(String url) {
        this.url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    boolean isReachable() {
        try {
            return get(URI.create(url + "/label-values?label=__name__")).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Sends the stacks in chunks; Pyroscope sums what is ingested under one name and time range. */
    void ingest(String name, Instant from, Instant until, Map<String, Long> stacks)
            throws IOException, InterruptedException {
        List<Map.Entry<String, Long>> entries = new ArrayList<>(stacks.entrySet());
        for (int start = 0; start < entries.size(); start += LINES_PER_INGEST) {
            StringBuilder body = new StringBuilder();
            for (Map.Entry<String, Long> entry : entries.subList(start, Math.min(entries.size(), start + LINES_PER_INGEST))) {
                body.append(entry.getKey()).append(' ').append(entry.getValue()).append('\n');
            }
            URI uri = URI.create(url + "/ingest?name=" + encode(name) + "&from=" + from.getEpochSecond() + "&until="
                    + until.getEpochSecond() + "&sampleRate=100&spyName=perfgate-bench&format=folded");
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(2))
                    .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IOException("ingest answered HTTP " + response.statusCode() + ": " + response.body());
            }
        }
    }

    /** Body of {@code /render-diff}, read completely, as the UI would. */
    byte[] renderDiff(String leftQuery, String rightQuery, Instant leftFrom, Instant leftUntil, Instant rightFrom,
                      Instant rightUntil, int maxNodes) throws IOException, InterruptedException {
        URI uri = URI.create(url + "/render-diff?leftQuery=" + encode(leftQuery) + "&rightQuery=" + encode(rightQuery)
                + "&leftFrom=" + leftFrom.getEpochSecond() + "&leftUntil=" + leftUntil.getEpochSecond()
                + "&rightFrom=" + rightFrom.getEpochSecond() + "&rightUntil=" + rightUntil.getEpochSecond()
                + "&format=json&max-nodes=" + maxNodes);
        return bytes(uri);
    }

    byte[] render(String query, Instant from, Instant until, int maxNodes) throws IOException, InterruptedException {
        return bytes(URI.create(url + "/render?query=" + encode(query) + "&from=" + from.getEpochSecond() + "&until="
                + until.getEpochSecond() + "&format=json&max-nodes=" + maxNodes));
    }

    private byte[] bytes(URI uri) throws IOException, InterruptedException {
        HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(2)).GET()
                .build(), HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            throw new IOException(uri.getPath() + " answered HTTP " + response.statusCode() + ": "
                    + new String(response.body(), StandardCharsets.UTF_8));
        }
        return response.body();
    }

    private HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}

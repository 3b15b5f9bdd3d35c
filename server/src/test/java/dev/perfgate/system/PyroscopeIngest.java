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

import tools.jackson.databind.json.JsonMapper;

/**
 * Puts folded stacks into one 10 s storage bucket of the test Pyroscope (so it keeps the numbers exact) and returns
 * once they can be read back. Pyroscope answers an ingest before the samples are queryable (its ingestion is queued):
 * a verdict asked for at once can read an empty bucket (a fresh-clone CI read 0 samples where 1,210 were ingested,
 * right after Pyroscope's start).
 */
public final class PyroscopeIngest {

    private static final Duration QUERYABLE_DEADLINE = Duration.ofSeconds(30);
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private PyroscopeIngest() {
    }

    /**
     * @param series the series, e.g. {@code app.cpu{}}
     * @param bucket the bucket's start, a multiple of 10 s
     * @param folded one {@code frame;frame;frame count} per line
     * @param parameters the ingest's further query parameters, e.g. {@code sampleRate=100&spyName=javaspy}
     */
    public static void folded(String series, Instant bucket, String folded, String parameters)
            throws IOException, InterruptedException {
        String range = "&from=" + bucket.getEpochSecond() + "&until=" + bucket.plusSeconds(10).getEpochSecond();
        String name = URLEncoder.encode(series, StandardCharsets.UTF_8);
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(TestServers.pyroscopeUrl()
                + "/ingest?name=" + name + range + "&format=folded&" + parameters))
                .POST(HttpRequest.BodyPublishers.ofString(folded)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new AssertionError("Pyroscope refused the ingest of " + series + ": " + response.statusCode() + " "
                    + response.body());
        }
        long ingested = folded.lines().filter(line -> !line.isBlank())
                .mapToLong(line -> Long.parseLong(line.substring(line.lastIndexOf(' ') + 1).trim())).sum();
        URI render = URI.create(TestServers.pyroscopeUrl() + "/render?format=json&query=" + name + range);
        Instant deadline = Instant.now().plus(QUERYABLE_DEADLINE);
        long held = 0;
        while (Instant.now().isBefore(deadline)) {
            String body = HTTP.send(HttpRequest.newBuilder(render).build(), HttpResponse.BodyHandlers.ofString()).body();
            held = JsonMapper.shared().readTree(body).path("flamebearer").path("numTicks").asLong();
            if (held >= ingested) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("Pyroscope never answered the " + ingested + " samples ingested into " + series
                + " at " + bucket + " (it holds " + held + " after " + QUERYABLE_DEADLINE.toSeconds() + " s)");
    }
}

package dev.perfgate.alert;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;

import dev.perfgate.system.OutboundHttp;

/**
 * POSTs JSON to one kind of endpoint (Slack, webhooks) and classifies the answer; connection problems are worth a
 * retry. The client is timed by {@link OutboundHttp} under the channel's target name.
 */
final class HttpPost {

    private final HttpClient client;
    private final Duration timeout;
    private final Clock clock;

    HttpPost(OutboundHttp outbound, String target, Duration timeout, Clock clock) {
        this.client = outbound.client(target, HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER));
        this.timeout = timeout;
        this.clock = clock;
    }

    /** The raw answer, for channels that read the body (chat.postMessage answers 200 with ok=false). */
    record Answer(int status, String body, Duration retryAfter) {
    }

    Answer post(URI uri, String json, Map<String, String> headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout)
                .header("Content-Type", "application/json; charset=utf-8")
                .header("User-Agent", "PerfGate")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        headers.forEach(request::header);
        HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        Duration retryAfter = response.headers().firstValue("Retry-After")
                .map(v -> retryAfter(v, clock.instant())).orElse(null);
        return new Answer(response.statusCode(), response.body(), retryAfter);
    }

    /** A failed connection as a delivery to retry, without the URL (the exception may carry it). */
    static Delivery unreachable(Exception e) {
        String message = e.getMessage() == null ? "" : ": " + e.getMessage();
        return Delivery.retry("cannot reach the endpoint: " + e.getClass().getSimpleName() + message, null);
    }

    /** {@code Retry-After} as seconds or an HTTP date; null when unreadable, never negative. */
    static Duration retryAfter(String value, Instant now) {
        String v = value.trim();
        try {
            return Duration.ofSeconds(Math.max(0, Long.parseLong(v)));
        } catch (NumberFormatException notSeconds) {
            try {
                Duration d = Duration.between(now, ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
                return d.isNegative() ? Duration.ZERO : d;
            } catch (DateTimeParseException notDate) {
                return null;
            }
        }
    }
}

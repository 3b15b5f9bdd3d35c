package dev.perfgate.alert;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Slack: Block Kit through an incoming webhook, or through chat.postMessage with a bot token (whose errors come as
 * HTTP 200 with {@code ok: false}).
 */
final class SlackChannel implements Channel {

    /** chat.postMessage errors worth a retry; every other error is a configuration problem. */
    private static final Set<String> TRANSIENT = Set.of("ratelimited", "internal_error", "fatal_error",
            "service_unavailable", "request_timeout");

    private final HttpPost http;
    private final URI postMessage;

    SlackChannel(HttpPost http, URI apiUrl) {
        this.http = http;
        String base = apiUrl.toString().endsWith("/") ? apiUrl.toString() : apiUrl + "/";
        this.postMessage = URI.create(base + "chat.postMessage");
    }

    @Override
    public Route.ChannelType type() {
        return Route.ChannelType.SLACK;
    }

    @Override
    public String render(AlertMessage message, Route route, String dedupeKey) {
        ObjectNode body = SlackBlocks.render(message, route.mentionFor(message));
        if (route.usesBotToken()) {
            body.put("channel", route.channel());
            body.put("unfurl_links", false);
        }
        return body.toString();
    }

    @Override
    public Delivery deliver(Route route, String payload, String dedupeKey) {
        try {
            if (!route.usesBotToken()) {
                HttpPost.Answer answer = http.post(route.webhookUrl(), payload, Map.of());
                return Delivery.ofHttp(answer.status(), answer.body(), answer.retryAfter());
            }
            HttpPost.Answer answer = http.post(postMessage, payload,
                    Map.of("Authorization", "Bearer " + route.botToken()));
            if (answer.status() != 200) {
                return Delivery.ofHttp(answer.status(), answer.body(), answer.retryAfter());
            }
            return postMessageResult(answer.body(), answer.retryAfter());
        } catch (IOException e) {
            return HttpPost.unreachable(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Delivery.retry("interrupted (PerfGate stopping)", null);
        }
    }

    static Delivery postMessageResult(String body, Duration retryAfter) {
        JsonNode json;
        try {
            json = JsonMapper.shared().readTree(body);
        } catch (RuntimeException e) {
            return Delivery.retry("chat.postMessage answered no JSON: " + Delivery.shorten(body), retryAfter);
        }
        if (json.path("ok").asBoolean(false)) {
            return Delivery.sent("chat.postMessage ok, ts " + json.path("ts").asString(""));
        }
        String error = json.path("error").asString("unknown_error");
        String detail = "chat.postMessage: " + error;
        return TRANSIENT.contains(error) ? Delivery.retry(detail, retryAfter) : Delivery.rejected(detail);
    }
}

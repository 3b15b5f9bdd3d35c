package dev.perfgate.alert;

import java.io.IOException;
import java.util.Map;

import lombok.RequiredArgsConstructor;

/** A generic webhook: the alert as JSON, with its dedupe key as {@code Idempotency-Key} so receivers can drop repeats. */
@RequiredArgsConstructor
final class WebhookChannel implements Channel {

    private final HttpPost http;

    @Override
    public Route.ChannelType type() {
        return Route.ChannelType.WEBHOOK;
    }

    @Override
    public String render(AlertMessage message, Route route, String dedupeKey) {
        return WebhookJson.render(message, route.mentionFor(message), dedupeKey).toString();
    }

    @Override
    public Delivery deliver(Route route, String payload, String dedupeKey) {
        try {
            HttpPost.Answer answer = http.post(route.webhookUrl(), payload, Map.of("Idempotency-Key", dedupeKey));
            return Delivery.ofHttp(answer.status(), answer.body(), answer.retryAfter());
        } catch (IOException e) {
            return HttpPost.unreachable(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Delivery.retry("interrupted (PerfGate stopping)", null);
        }
    }
}

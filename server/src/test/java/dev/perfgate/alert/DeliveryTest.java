package dev.perfgate.alert;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

class DeliveryTest {

    @Test
    void shouldRetryRateLimitsAndServerErrorsButNotRejections() {
        assertThat(Delivery.ofHttp(200, "ok", null).outcome()).isEqualTo(Delivery.Outcome.SENT);
        assertThat(Delivery.ofHttp(429, "", Duration.ofSeconds(3)))
                .isEqualTo(new Delivery(Delivery.Outcome.RETRY, Duration.ofSeconds(3), "HTTP 429"));
        assertThat(Delivery.ofHttp(500, "rollup_error", null).outcome()).isEqualTo(Delivery.Outcome.RETRY);
        assertThat(Delivery.ofHttp(404, "no_service", null))
                .isEqualTo(new Delivery(Delivery.Outcome.REJECTED, null, "HTTP 404: no_service"));
    }

    @Test
    void shouldReadRetryAfterAsSecondsOrAsADate() {
        Instant now = Instant.parse("2025-03-01T10:00:00Z");

        assertThat(HttpPost.retryAfter("30", now)).isEqualTo(Duration.ofSeconds(30));
        assertThat(HttpPost.retryAfter("Sat, 01 Mar 2025 10:00:45 GMT", now)).isEqualTo(Duration.ofSeconds(45));
        assertThat(HttpPost.retryAfter("soon", now)).isNull();
        assertThat(HttpPost.retryAfter("-5", now)).isEqualTo(Duration.ZERO);
    }

    @Test
    void shouldReadChatPostMessageErrorsFromAnOkAnswer() {
        assertThat(SlackChannel.postMessageResult("{\"ok\":true,\"ts\":\"1.2\"}", null).outcome())
                .isEqualTo(Delivery.Outcome.SENT);
        assertThat(SlackChannel.postMessageResult("{\"ok\":false,\"error\":\"ratelimited\"}", Duration.ofSeconds(1)))
                .isEqualTo(new Delivery(Delivery.Outcome.RETRY, Duration.ofSeconds(1), "chat.postMessage: ratelimited"));
        assertThat(SlackChannel.postMessageResult("{\"ok\":false,\"error\":\"channel_not_found\"}", null).outcome())
                .isEqualTo(Delivery.Outcome.REJECTED);
    }

    @Test
    void shouldMaskWebhookPathsAndTokens() {
        URI url = URI.create("https://hooks.slack.com/services/T000/B000/XXXXSECRET");

        assertThat(Secrets.url(url)).isEqualTo("https://hooks.slack.com/***");
        assertThat(Secrets.token("xoxb-1234-SECRET")).isEqualTo("xoxb-***");
        assertThat(Secrets.scrub("POST /services/T000/B000/XXXXSECRET failed; token xoxb-1234-SECRET", url,
                "xoxb-1234-SECRET")).isEqualTo("POST /*** failed; token xoxb-***");
    }
}

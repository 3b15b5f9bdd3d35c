package dev.perfgate.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perfgate.run.Series;

class AlertSettingsTest {

    private static AlertProperties properties(List<String> sendOn, AlertProperties.RouteProperties... routes) {
        return new AlertProperties(sendOn, List.of(routes), Duration.ofHours(24), Duration.ofSeconds(5),
                Duration.ofSeconds(60), Duration.ofSeconds(10), Duration.ofMinutes(10), Duration.ofSeconds(10),
                "https://slack.com/api");
    }

    private static AlertProperties.RouteProperties slack(String name, String system, String url) {
        return new AlertProperties.RouteProperties(name, system, null, null, "slack", url, null, null, null, null);
    }

    @Test
    void shouldNameThePropertyWhenAWebhookUrlIsMissing() {
        assertThatThrownBy(() -> AlertSettings.from(properties(List.of("fail"), slack(null, "shop", ""))))
                .isInstanceOf(AlertSettings.InvalidException.class)
                .hasMessageContaining("perfgate.alerts.routes[0].webhook-url is missing");
    }

    @Test
    void shouldRejectAWebhookUrlThatIsNotHttpWithoutShowingIt() {
        assertThatThrownBy(() -> AlertSettings.from(properties(List.of("fail"),
                slack("a", null, "https://hooks.slack.com/services/T1/B1/ok"),
                slack("b", null, "ftp://hooks.slack.com/services/T1/B1/SECRET"))))
                .hasMessageContaining("perfgate.alerts.routes[1].webhook-url must be an http(s) URL")
                .hasMessageNotContaining("SECRET");
    }

    @Test
    void shouldListEveryProblemAtOnce() {
        assertThatThrownBy(() -> AlertSettings.from(properties(List.of("fail", "sometimes"),
                new AlertProperties.RouteProperties("bot", null, null, null, "slack", null, "xoxb-SECRET", null, null,
                        null),
                new AlertProperties.RouteProperties("x", null, null, null, "pager", "https://x.example", null, null,
                        null, null))))
                .hasMessageContaining("perfgate.alerts.send-on has 'sometimes'")
                .hasMessageContaining("perfgate.alerts.routes[0].channel is missing")
                .hasMessageContaining("perfgate.alerts.routes[1].type is 'pager'")
                .hasMessageNotContaining("xoxb-SECRET");
    }

    @Test
    void shouldRejectTwoRoutesWithTheSameName() {
        assertThatThrownBy(() -> AlertSettings.from(properties(List.of("fail"), slack("team", null, "https://a.example/h"),
                slack("team", null, "https://b.example/h"))))
                .hasMessageContaining("perfgate.alerts.routes[1].name 'team' is used by another route");
    }

    @Test
    void shouldReadRoutesWithDefaults() {
        AlertSettings settings = AlertSettings.from(properties(List.of("fail", " recovery"),
                slack(null, "shop", "https://hooks.slack.com/services/T1/B1/SECRET")));

        Route route = settings.routes().get(0);
        assertThat(settings.sendOn()).containsExactlyInAnyOrder(SendOn.FAIL, SendOn.RECOVERY);
        assertThat(route.name()).isEqualTo("route-0");
        assertThat(route.matches(new Series("shop", "peak", "test"))).isTrue();
        assertThat(route.matches(new Series("search", "peak", "test"))).isFalse();
        assertThat(route.toString()).as("no secret in logs").doesNotContain("SECRET").contains("https://hooks.slack.com/***");
    }

    @Test
    void shouldDoubleTheBackoffUpToTheMaximum() {
        AlertSettings settings = AlertSettings.from(properties(List.of("fail")));

        assertThat(settings.backoff(1)).isEqualTo(Duration.ofSeconds(10));
        assertThat(settings.backoff(2)).isEqualTo(Duration.ofSeconds(20));
        assertThat(settings.backoff(4)).isEqualTo(Duration.ofSeconds(80));
        assertThat(settings.backoff(60)).isEqualTo(Duration.ofMinutes(10));
    }
}

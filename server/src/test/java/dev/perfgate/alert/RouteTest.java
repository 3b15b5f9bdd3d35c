package dev.perfgate.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perfgate.run.Series;

class RouteTest {

    private static final Series SHOP_PEAK_TEST = new Series("shop", "peak", "test");

    @Test
    void shouldMatchSeriesPartByPartWithMissingPartsMatchingAnything() {
        assertThat(SeriesPattern.parse("shop").matches(SHOP_PEAK_TEST)).isTrue();
        assertThat(SeriesPattern.parse("shop/peak").matches(SHOP_PEAK_TEST)).isTrue();
        assertThat(SeriesPattern.parse("shop/*/test").matches(SHOP_PEAK_TEST)).isTrue();
        assertThat(SeriesPattern.parse("shop/soak").matches(SHOP_PEAK_TEST)).isFalse();
        assertThat(SeriesPattern.parse("*/*/prod").matches(SHOP_PEAK_TEST)).isFalse();
    }

    @Test
    void shouldRejectMalformedSeriesPatterns() {
        assertThatThrownBy(() -> SeriesPattern.parse("a/b/c/d")).hasMessageContaining("not system[/workload[/environment]]");
        assertThatThrownBy(() -> SeriesPattern.parse("shop//test")).hasMessageContaining("empty part");
    }

    @Test
    void shouldShowTheBotTokenRouteWithoutItsToken() {
        Route bot = new Route("bot", new SeriesPattern("*", "*", "*"), Route.ChannelType.SLACK, null, "xoxb-42-SECRET",
                "#perf", null, List.of());
        Route hook = new Route("hook", new SeriesPattern("shop", "*", "*"), Route.ChannelType.WEBHOOK,
                URI.create("https://alerts.example:8443/hooks/SECRET?sig=SECRET"), null, null, null, List.of());

        assertThat(bot.toString()).isEqualTo("bot (slack chat.postMessage #perf (token xoxb-***), series */*/*)");
        assertThat(hook.destination()).isEqualTo("https://alerts.example:8443/***");
        assertThat(hook.scrub("POST https://alerts.example:8443/hooks/SECRET?sig=SECRET: timeout")).doesNotContain("SECRET");
    }
}

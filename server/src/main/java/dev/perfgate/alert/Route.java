package dev.perfgate.alert;

import java.net.URI;
import java.util.List;

import dev.perfgate.check.CheckStatus;
import dev.perfgate.run.Series;

/**
 * A checked destination for alerts: the series it takes, its channel (a Slack incoming webhook, Slack's
 * chat.postMessage with a bot token, or a generic JSON webhook), whom it mentions when a key check fails, and the
 * series it posts about without mentions. {@link #toString()} never shows the URL or the token.
 */
record Route(String name, SeriesPattern series, ChannelType type, URI webhookUrl, String botToken, String channel,
        String mention, List<SeriesPattern> quiet) {

    /** How a route reaches people. */
    enum ChannelType {
        SLACK, WEBHOOK
    }

    boolean matches(Series s) {
        return series.matches(s);
    }

    /** Whether this route posts about the series without mentioning anyone. */
    boolean quiet(Series s) {
        return quiet.stream().anyMatch(p -> p.matches(s));
    }

    /** The mention for a message: only when a key check failed and the series is not quiet here. */
    String mentionFor(AlertMessage message) {
        boolean failed = message.status() == CheckStatus.FAIL && !message.keyFailures().isEmpty();
        return mention != null && failed && !quiet(message.series()) ? mention : null;
    }

    boolean usesBotToken() {
        return botToken != null;
    }

    /** Where the route posts, masked: fit for logs and the API. */
    String destination() {
        if (usesBotToken()) {
            return "chat.postMessage " + channel + " (token " + Secrets.token(botToken) + ")";
        }
        return Secrets.url(webhookUrl);
    }

    /** Error text with this route's secrets masked. */
    String scrub(String text) {
        return Secrets.scrub(text, webhookUrl, botToken);
    }

    @Override
    public String toString() {
        return name + " (" + type.name().toLowerCase() + " " + destination() + ", series " + series + ")";
    }
}

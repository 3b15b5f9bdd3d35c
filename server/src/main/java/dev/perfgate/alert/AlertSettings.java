package dev.perfgate.alert;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The alert configuration after checking: routes with parsed URLs and patterns, the verdicts that alert, and the
 * sender's timing. Every problem names its property, and secrets never appear in a problem.
 */
record AlertSettings(Set<SendOn> sendOn, List<Route> routes, Duration giveUpAfter, Duration pollInterval,
        Duration lease, Duration initialBackoff, Duration maxBackoff, Duration requestTimeout, URI slackApiUrl) {

    /** Thrown at start for a wrong {@code perfgate.alerts.*} property; the message lists every problem. */
    static class InvalidException extends IllegalStateException {
        InvalidException(List<String> problems) {
            super("Invalid alert configuration: " + String.join("; ", problems));
        }
    }

    static final String PREFIX = "perfgate.alerts.";

    static AlertSettings from(AlertProperties p) {
        List<String> problems = new ArrayList<>();
        Set<SendOn> sendOn = EnumSet.noneOf(SendOn.class);
        for (String value : p.sendOn()) {
            if (value.isBlank()) {
                continue;
            }
            try {
                sendOn.add(SendOn.parse(value));
            } catch (IllegalArgumentException e) {
                problems.add(PREFIX + "send-on has '" + value.trim() + "'; allowed: fail, warn, inconclusive, invalid, recovery");
            }
        }
        List<Route> routes = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<AlertProperties.RouteProperties> configured = p.routes() == null ? List.of() : p.routes();
        for (int i = 0; i < configured.size(); i++) {
            Route route = route(i, configured.get(i), problems);
            if (route != null && !names.add(route.name())) {
                problems.add(PREFIX + "routes[" + i + "].name '" + route.name() + "' is used by another route");
            }
            if (route != null) {
                routes.add(route);
            }
        }
        positive("give-up-after", p.giveUpAfter(), problems);
        positive("poll-interval", p.pollInterval(), problems);
        positive("lease", p.lease(), problems);
        positive("initial-backoff", p.initialBackoff(), problems);
        positive("max-backoff", p.maxBackoff(), problems);
        positive("request-timeout", p.requestTimeout(), problems);
        if (p.lease() != null && p.requestTimeout() != null && p.lease().compareTo(p.requestTimeout().multipliedBy(2)) < 0) {
            problems.add(PREFIX + "lease (" + p.lease() + ") must be at least twice " + PREFIX + "request-timeout ("
                    + p.requestTimeout() + "), or another instance could send an alert still being sent");
        }
        URI slackApi = url(PREFIX + "slack-api-url", p.slackApiUrl(), problems, false);
        if (!problems.isEmpty()) {
            throw new InvalidException(problems);
        }
        return new AlertSettings(sendOn, List.copyOf(routes), p.giveUpAfter(), p.pollInterval(), p.lease(),
                p.initialBackoff(), p.maxBackoff(), p.requestTimeout(), slackApi);
    }

    private static Route route(int i, AlertProperties.RouteProperties r, List<String> problems) {
        String prefix = PREFIX + "routes[" + i + "].";
        int before = problems.size();
        String name = blank(r.name()) ? "route-" + i : r.name().trim();
        Route.ChannelType type;
        try {
            type = Route.ChannelType.valueOf((blank(r.type()) ? "slack" : r.type().trim()).toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            problems.add(prefix + "type is '" + r.type() + "'; allowed: slack, webhook");
            return null;
        }
        URI webhook = null;
        String token = blank(r.botToken()) ? null : r.botToken().trim();
        String channel = blank(r.channel()) ? null : r.channel().trim();
        if (token != null && type == Route.ChannelType.WEBHOOK) {
            problems.add(prefix + "bot-token is for type slack only");
        } else if (token != null) {
            if (channel == null) {
                problems.add(prefix + "channel is missing: a bot token posts with chat.postMessage to a channel");
            }
            if (!blank(r.webhookUrl())) {
                problems.add(prefix + "webhook-url and " + prefix + "bot-token are both set: choose one");
            }
        } else if (blank(r.webhookUrl())) {
            problems.add(prefix + "webhook-url is missing" + (type == Route.ChannelType.SLACK
                    ? " (a Slack incoming webhook URL; or set bot-token and channel)" : " (the URL to POST alerts to)"));
        } else {
            webhook = url(prefix + "webhook-url", r.webhookUrl(), problems, true);
        }
        SeriesPattern series = new SeriesPattern(part(prefix + "system", r.system(), problems),
                part(prefix + "workload", r.workload(), problems), part(prefix + "environment", r.environment(), problems));
        List<SeriesPattern> quiet = new ArrayList<>();
        for (String q : r.quiet() == null ? List.<String>of() : r.quiet()) {
            try {
                quiet.add(SeriesPattern.parse(q));
            } catch (IllegalArgumentException e) {
                problems.add(prefix + "quiet: " + e.getMessage());
            }
        }
        if (problems.size() > before) {
            return null;
        }
        return new Route(name, series, type, webhook, token, channel, blank(r.mention()) ? null : r.mention().trim(),
                List.copyOf(quiet));
    }

    /** An absolute http(s) URL; a wrong one is reported by its scheme only, as it may be a secret. */
    private static URI url(String property, String value, List<String> problems, boolean secret) {
        if (blank(value)) {
            problems.add(property + " is missing");
            return null;
        }
        String shown = secret ? "a value starting with '" + value.trim().substring(0, Math.min(6, value.trim().length())) + "…'"
                : "'" + value.trim() + "'";
        try {
            URI uri = new URI(value.trim());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("https") || scheme.equals("http")) && uri.getHost() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // reported below, without the value
        }
        problems.add(property + " must be an http(s) URL with a host, got " + shown);
        return null;
    }

    /** One part of a series: a name, or blank or {@code *} for any. */
    private static String part(String property, String value, List<String> problems) {
        if (blank(value)) {
            return "*";
        }
        if (value.contains("/")) {
            problems.add(property + " is one name or *, got '" + value + "'");
        }
        return value.trim();
    }

    private static void positive(String name, Duration value, List<String> problems) {
        if (value == null || value.isZero() || value.isNegative()) {
            problems.add(PREFIX + name + " must be a positive duration (e.g. 10s, 24h)");
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** The route with this name, if it is still configured. */
    Route route(String name) {
        return routes.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
    }

    /** The wait before attempt {@code attempt + 1}: doubling from the initial backoff, capped at the maximum. */
    Duration backoff(int attempt) {
        Duration wait = initialBackoff;
        for (int i = 1; i < attempt && wait.compareTo(maxBackoff) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(maxBackoff) > 0 ? maxBackoff : wait;
    }
}

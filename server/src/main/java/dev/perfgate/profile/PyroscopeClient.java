package dev.perfgate.profile;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fetches merged profiles from Pyroscope over HTTP (JDK HttpClient, connect and request timeouts).
 * Classic: {@code GET /render?query=<app>.<type>{labels}&from=<s>&until=<s>&format=json&max-nodes=N};
 * Grafana: {@code GET /pyroscope/render?query=<profileTypeId>{service_name="…",labels}&from=<ms>&until=<ms>&…}.
 * An empty answer is told apart from an unknown application by asking which applications the server knows.
 */
public final class PyroscopeClient implements ProfileSource {

    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(3);
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);
    static final Duration SERVICE_LOOKBACK = Duration.ofHours(24);
    private static final int MAX_LISTED = 10;
    private static final int MAX_BODY_IN_REASON = 200;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Transport transport;

    public PyroscopeClient() {
        this(DEFAULT_CONNECT_TIMEOUT, DEFAULT_REQUEST_TIMEOUT);
    }

    public PyroscopeClient(Duration connectTimeout, Duration requestTimeout) {
        this(new JdkTransport(connectTimeout, requestTimeout));
    }

    /**
     * Over a client made elsewhere, e.g. timed: {@code new PyroscopeClient(outboundHttp.client("pyroscope",
     * PyroscopeClient.httpBuilder(DEFAULT_CONNECT_TIMEOUT)), DEFAULT_REQUEST_TIMEOUT)}.
     */
    public PyroscopeClient(HttpClient http, Duration requestTimeout) {
        this(new JdkTransport(http, requestTimeout));
    }

    /** The client settings the Pyroscope API needs (HTTP/1.1, redirects followed), for {@link #PyroscopeClient(HttpClient, Duration)}. */
    public static HttpClient.Builder httpBuilder(Duration connectTimeout) {
        return JdkTransport.builder(connectTimeout);
    }

    PyroscopeClient(Transport transport) {
        this.transport = transport;
    }

    @Override
    public ProfileFetch fetch(PyroscopeTarget target, ProfileType type, ProfileSelection selection) {
        TimeWindow window = target.queried(selection.window());
        String query = target.query(type, selection);
        String what = type.label() + " profile " + query + " over " + window;
        URI uri = renderUri(target, query, window);
        Transport.Response response;
        try {
            response = transport.get(uri);
        } catch (HttpTimeoutException e) {
            return new ProfileFetch.Unreachable(server(target) + " did not answer in time while fetching " + what);
        } catch (IOException e) {
            return new ProfileFetch.Unreachable(server(target) + " is unreachable (" + describe(e)
                    + ") while fetching " + what);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ProfileFetch.Unreachable("interrupted while fetching " + what + " from " + server(target));
        }
        if (response.status() != 200) {
            return new ProfileFetch.HttpError(response.status(), server(target) + " answered HTTP " + response.status()
                    + " to " + uri.getPath() + " while fetching " + what + ": " + snippet(response.body()));
        }
        Profile profile;
        try {
            profile = FlamebearerDecoder.decode(response.body());
        } catch (MalformedProfileException e) {
            return new ProfileFetch.Malformed(server(target) + " returned a malformed profile for " + what + ": "
                    + e.getMessage());
        }
        if (profile.isEmpty()) {
            return emptyOrUnknown(target, type, window, what);
        }
        return new ProfileFetch.Ok(target.dialect() == Dialect.GRAFANA ? profile.withQuantity(grafanaQuantity(type))
                : profile, query);
    }

    static URI renderUri(PyroscopeTarget target, String query, TimeWindow window) {
        // classic Pyroscope renders at /render and counts epoch seconds; Grafana's at /pyroscope/render, in milliseconds
        boolean classic = target.dialect() == Dialect.CLASSIC;
        return UrlQuery.at(target.apiUrl(), classic ? "/render" : "/pyroscope/render")
                .param("query", query)
                .param("from", classic ? window.fromEpochSecond() : window.fromEpochMilli())
                .param("until", classic ? window.untilEpochSecond() : window.untilEpochMilli())
                .param("format", "json")
                .param("max-nodes", target.maxNodes())
                .toUri();
    }

    /** Grafana reports CPU as "samples" at 1 GHz; its profile-type ids say what the values really are. */
    static Quantity grafanaQuantity(ProfileType type) {
        return switch (type) {
            case CPU, WALL, LOCK_DURATION -> Quantity.nanoseconds();
            case ALLOC_BYTES -> Quantity.bytes();
            case ALLOC_OBJECTS -> Quantity.objects();
            case LOCK_COUNT -> Quantity.count();
        };
    }

    private ProfileFetch emptyOrUnknown(PyroscopeTarget target, ProfileType type, TimeWindow window, String what) {
        String empty = "no " + type.label() + " samples in " + what
                + ": the agent did not run or did not send during this window, or the labels do not match";
        List<String> known;
        try {
            known = knownApplications(target, window);
        } catch (IOException | JacksonException e) {
            return new ProfileFetch.Empty(empty + " (could not check whether the application exists: "
                    + describe(e) + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ProfileFetch.Empty(empty);
        }
        String name = target.dialect() == Dialect.CLASSIC ? target.profileName(type) : target.application();
        if (known.contains(name)) {
            return new ProfileFetch.Empty(empty);
        }
        String scope = target.dialect() == Dialect.CLASSIC ? "application '" + name + "'"
                : "service_name '" + name + "' in the " + SERVICE_LOOKBACK.toHours() + " h before " + window.until();
        return new ProfileFetch.UnknownApplication(server(target) + " has no " + scope + " (it knows "
                + listed(known, target.application()) + "); check the application name and that the agent sends to this server");
    }

    /** Classic: the {@code __name__} label values ({@code app.itimer}, …); Grafana: the {@code service_name} values. */
    private List<String> knownApplications(PyroscopeTarget target, TimeWindow window)
            throws IOException, InterruptedException {
        Transport.Response response = switch (target.dialect()) {
            case CLASSIC -> transport.get(UrlQuery.at(target.apiUrl(), "/label-values")
                    .param("label", "__name__").toUri());
            case GRAFANA -> transport.postJson(
                    UrlQuery.at(target.apiUrl(), "/querier.v1.QuerierService/LabelValues").toUri(),
                    "{\"name\":\"service_name\",\"start\":" + window.from().minus(SERVICE_LOOKBACK).toEpochMilli()
                            + ",\"end\":" + window.untilEpochMilli() + "}");
        };
        if (response.status() != 200) {
            throw new IOException("HTTP " + response.status());
        }
        JsonNode root = JSON.readTree(response.body());
        JsonNode names = target.dialect() == Dialect.CLASSIC ? root : root.path("names");
        return names.isArray() ? names.valueStream().map(JsonNode::asString).toList() : List.of();
    }

    /** The known names, those most like the wanted one first (a typo is found in a long list). */
    private static String listed(List<String> names, String wanted) {
        if (names.isEmpty()) {
            return "none";
        }
        java.util.Comparator<String> likeness = java.util.Comparator.comparingInt(n -> -commonPrefix(n, wanted));
        String shown = String.join(", ", names.stream().sorted(likeness.thenComparing(n -> n)).limit(MAX_LISTED).toList());
        return names.size() > MAX_LISTED ? shown + ", … " + names.size() + " in all" : shown;
    }

    private static int commonPrefix(String a, String b) {
        int n = 0;
        while (n < a.length() && n < b.length() && a.charAt(n) == b.charAt(n)) {
            n++;
        }
        return n;
    }

    private static String server(PyroscopeTarget target) {
        return (target.dialect() == Dialect.CLASSIC ? "Pyroscope" : "Grafana Pyroscope") + " at " + target.apiUrl();
    }

    private static String describe(Exception e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }

    private static String snippet(String body) {
        String flat = body == null ? "" : body.strip().replaceAll("\\s+", " ");
        return flat.isEmpty() ? "(empty body)"
                : flat.length() > MAX_BODY_IN_REASON ? flat.substring(0, MAX_BODY_IN_REASON) + "…" : flat;
    }
}

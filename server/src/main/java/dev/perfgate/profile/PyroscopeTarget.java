package dev.perfgate.profile;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import lombok.With;

/**
 * Where the profiles of one system/environment live and how to name them.
 *
 * @param apiUrl         base URL of the Pyroscope HTTP API
 * @param uiUrl          base URL for links: the classic UI, or Grafana (where Profiles Drilldown runs) for {@link Dialect#GRAFANA}
 * @param dialect        API flavour
 * @param application    classic application name ({@code <app>} of {@code <app>.itimer}) or Grafana {@code service_name}
 * @param labels         static label matchers added to every query (e.g. {@code env="perf"})
 * @param profileTypes   the types to fetch, in order
 * @param profileNames   per-type overrides of the classic suffix or the Grafana profile-type id
 * @param uploadInterval the agent's upload interval: judging waits that long after a run's end for its last profile
 * @param maxNodes       {@code max-nodes} asked from the server; high so that function totals stay exact
 * @param dataSourceUid  Grafana Pyroscope data source uid for Drilldown links, or {@code null} for Grafana's default
 */
public record PyroscopeTarget(
        URI apiUrl,
        URI uiUrl,
        Dialect dialect,
        String application,
        SortedMap<String, String> labels,
        List<ProfileType> profileTypes,
        Map<ProfileType, String> profileNames,
        @With Duration uploadInterval,
        @With int maxNodes,
        @With String dataSourceUid) {

    public static final Duration DEFAULT_UPLOAD_INTERVAL = Duration.ofSeconds(10);
    /** Pyroscope's storage resolution: profiles are kept and answered in buckets of this length. */
    public static final Duration BUCKET = Duration.ofSeconds(10);
    /**
     * How far a bucket may reach past a window and still count as within it: Gatling's steady state of "20 s" measured
     * 19.82 s in a fresh-clone CI (and "25 s" 24.85–24.97 s: from the first arrival after the ramp-up to the last
     * response), which holds no whole bucket when it starts less than 0.18 s after a boundary, about 2 runs in 100. At
     * most this much of the time around the window is read: 5 % of a bucket.
     */
    public static final Duration EDGE = Duration.ofMillis(500);
    /** An upload's way from the agent into Pyroscope's storage. */
    static final Duration INGEST_MARGIN = Duration.ofSeconds(2);
    public static final int DEFAULT_MAX_NODES = 65_536;

    public PyroscopeTarget {
        Objects.requireNonNull(apiUrl, "apiUrl");
        Objects.requireNonNull(uiUrl, "uiUrl");
        Objects.requireNonNull(dialect, "dialect");
        if (application == null || application.isBlank()) {
            throw new IllegalArgumentException("application name is required");
        }
        labels = Labels.sortedCopy(labels);
        profileTypes = List.copyOf(profileTypes);
        profileNames = profileNames.isEmpty()
                ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(profileNames));
        if (uploadInterval == null || uploadInterval.isNegative()) {
            throw new IllegalArgumentException("upload interval must be zero or positive: " + uploadInterval);
        }
        if (maxNodes <= 0) {
            throw new IllegalArgumentException("maxNodes must be positive: " + maxNodes);
        }
    }

    /** A Pyroscope OSS (≤ 0.37) target whose UI is served from the API URL; fetches CPU by default. */
    public static PyroscopeTarget classic(String apiUrl, String application) {
        URI api = URI.create(apiUrl);
        return new PyroscopeTarget(api, api, Dialect.CLASSIC, application, new TreeMap<>(), List.of(ProfileType.CPU),
                Map.of(), DEFAULT_UPLOAD_INTERVAL, DEFAULT_MAX_NODES, null);
    }

    /** A Grafana Pyroscope target with links into the Profiles Drilldown app of {@code grafanaUrl}; fetches CPU by default. */
    public static PyroscopeTarget grafana(String apiUrl, String grafanaUrl, String serviceName) {
        return new PyroscopeTarget(URI.create(apiUrl), URI.create(grafanaUrl), Dialect.GRAFANA, serviceName,
                new TreeMap<>(), List.of(ProfileType.CPU), Map.of(), DEFAULT_UPLOAD_INTERVAL, DEFAULT_MAX_NODES, null);
    }

    public PyroscopeTarget withUiUrl(String url) {
        return new PyroscopeTarget(apiUrl, URI.create(url), dialect, application, labels, profileTypes, profileNames,
                uploadInterval, maxNodes, dataSourceUid);
    }

    public PyroscopeTarget withLabel(String name, String value) {
        Map<String, String> copy = new TreeMap<>(labels);
        copy.put(name, value);
        return new PyroscopeTarget(apiUrl, uiUrl, dialect, application, Labels.sortedCopy(copy), profileTypes,
                profileNames, uploadInterval, maxNodes, dataSourceUid);
    }

    public PyroscopeTarget withProfileTypes(ProfileType... types) {
        return new PyroscopeTarget(apiUrl, uiUrl, dialect, application, labels, List.of(types), profileNames,
                uploadInterval, maxNodes, dataSourceUid);
    }

    /** Overrides the classic suffix (e.g. {@code cpu} instead of {@code itimer}) or the Grafana profile-type id of a type. */
    public PyroscopeTarget withProfileName(ProfileType type, String name) {
        Map<ProfileType, String> copy = new EnumMap<>(ProfileType.class);
        copy.putAll(profileNames);
        copy.put(type, name);
        return new PyroscopeTarget(apiUrl, uiUrl, dialect, application, labels, profileTypes, copy,
                uploadInterval, maxNodes, dataSourceUid);
    }

    /** Classic: {@code <app>.<suffix>}; Grafana: the profile-type id. */
    public String profileName(ProfileType type) {
        String override = profileNames.get(type);
        return switch (dialect) {
            case CLASSIC -> application + "." + (override != null ? override : type.classicSuffix());
            case GRAFANA -> override != null ? override : type.grafanaId();
        };
    }

    /**
     * The server-side query for a selection: classic {@code app.itimer{env="perf",run_id="42"}},
     * Grafana {@code process_cpu:…{service_name="app",env="perf",run_id="42"}}.
     */
    public String query(ProfileType type, ProfileSelection selection) {
        Map<String, String> leading = dialect == Dialect.GRAFANA ? Map.of("service_name", application) : Map.of();
        return profileName(type) + Labels.selector(leading, allLabels(selection));
    }

    /** Static labels plus the selection's own; the selection wins on conflicts. */
    public SortedMap<String, String> allLabels(ProfileSelection selection) {
        return Labels.merge(labels, selection.labels());
    }

    /**
     * The window actually queried and linked: the whole storage buckets that lie within {@code window}, when it holds
     * one; else the window itself. Pyroscope keeps {@link #BUCKET} buckets and answers a query with every bucket the
     * window overlaps, whole (an upload that spans two buckets is split between them by time). Measured on Pyroscope
     * OSS 0.37.2: the window [T, T+15 s) returns the buckets [T, T+10 s) and [T+10 s, T+20 s) whole, and [T, T+10 s)
     * only the first. So a window that starts or ends mid-bucket reads up to 10 s more on each side than it names: the
     * ramp-up and the load tool's start before a run's steady state, a restart or the next run after it. A fresh-clone
     * CI read a 20-s run's profile over [steady start − 9.4 s, end) and divided it by the requests of 10.6 s: 1.9×
     * the bytes per request of the same code. Within whole buckets, what is read is what the window names (give or take
     * {@link #EDGE}). Judging waits for {@link #settled}; a window that holds no whole bucket is not judged (see
     * {@link #wholeBuckets}).
     */
    public TimeWindow queried(TimeWindow window) {
        return wholeBuckets(window).orElse(window);
    }

    /**
     * The whole {@link #BUCKET} buckets within {@code window}, give or take {@link #EDGE} at either end: from the first
     * boundary at or after its start (less the edge) to the last at or before its end (plus the edge); empty when no
     * whole bucket lies within it (a window shorter than 19 s may hold none).
     */
    public static Optional<TimeWindow> wholeBuckets(TimeWindow window) {
        long bucket = BUCKET.toMillis();
        long start = window.from().minus(EDGE).toEpochMilli();
        Instant from = Instant.ofEpochMilli(-Math.floorDiv(-start, bucket) * bucket);
        Instant until = lastBoundary(window.until());
        return until.isAfter(from) ? Optional.of(TimeWindow.of(from, until)) : Optional.empty();
    }

    /**
     * When the profiles read over a window that ends at {@code end} are all in Pyroscope: they are read up to the last
     * whole bucket within it ({@link #wholeBuckets}), and the agent uploads each interval after the interval, so one
     * upload interval and a margin after that bucket's end, not after the window's: a run that ends 8 s into a
     * bucket is judged 8 s sooner.
     */
    public Instant settled(Instant end) {
        return lastBoundary(end).plus(uploadInterval).plus(INGEST_MARGIN);
    }

    /** The last bucket boundary at or before {@code end} plus the {@link #EDGE}. */
    private static Instant lastBoundary(Instant end) {
        long bucket = BUCKET.toMillis();
        return Instant.ofEpochMilli(Math.floorDiv(end.plus(EDGE).toEpochMilli(), bucket) * bucket);
    }
}

package dev.perfgate.profile;

import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * @param uploadInterval the agent's upload interval; windows are padded by it on both sides
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
     * The window actually queried and linked: the run window extended at its end by one upload interval, so that
     * the samples of the run's last seconds are in. Not at its start: an upload that overlaps the start is in anyway,
     * and one more interval before it would take in the tail of the run before (back-to-back runs of a series).
     */
    public TimeWindow padded(TimeWindow window) {
        return TimeWindow.of(window.from(), window.until().plus(uploadInterval));
    }
}

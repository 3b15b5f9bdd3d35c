package dev.perfgate.profile;

import java.util.Map;

/**
 * Deep links into the profiling UI: the flamegraph of a run and the diff / side-by-side comparison of two runs.
 * Pure functions; windows are the whole buckets within the run's window, exactly as the fetch reads them.
 *
 * <p>Classic Pyroscope UI: {@code /?query&from&until}, {@code /comparison} and {@code /comparison-diff} with
 * {@code leftQuery/rightQuery/leftFrom/leftUntil/rightFrom/rightUntil} (epoch seconds) plus {@code query/from/until}
 * for the main timeline. Grafana Profiles Drilldown: {@code /a/grafana-pyroscope-app/explore} with epoch milliseconds;
 * its diff view already shows baseline and comparison side by side, so there the comparison link is the diff link.
 * The baseline is always the left/first side.
 */
public final class ProfileLinks {

    static final String DRILLDOWN_PATH = "/a/grafana-pyroscope-app/explore";

    private ProfileLinks() {
    }

    /** The flamegraph of one run over its window as queried. */
    public static String flamegraph(PyroscopeTarget target, ProfileType type, ProfileSelection run) {
        TimeWindow window = target.queried(run.window());
        return switch (target.dialect()) {
            case CLASSIC -> UrlQuery.at(target.uiUrl(), "/")
                    .param("query", target.query(type, run))
                    .param("from", window.fromEpochSecond())
                    .param("until", window.untilEpochSecond())
                    .build();
            case GRAFANA -> drilldown(target, type, "flame-graph")
                    .filters("var-filters", target.allLabels(run))
                    .query().param("from", window.fromEpochMilli())
                    .param("to", window.untilEpochMilli())
                    .build();
        };
    }

    /** The diff flamegraph of a run against its baseline (or of any two runs). */
    public static String diff(PyroscopeTarget target, ProfileType type, ProfileSelection baseline, ProfileSelection run) {
        return switch (target.dialect()) {
            case CLASSIC -> classicComparison(target, type, "/comparison-diff", baseline, run);
            case GRAFANA -> drilldownDiff(target, type, baseline, run);
        };
    }

    /** The two flamegraphs side by side. */
    public static String comparison(PyroscopeTarget target, ProfileType type, ProfileSelection baseline,
                                    ProfileSelection run) {
        return switch (target.dialect()) {
            case CLASSIC -> classicComparison(target, type, "/comparison", baseline, run);
            case GRAFANA -> drilldownDiff(target, type, baseline, run);
        };
    }

    private static String classicComparison(PyroscopeTarget target, ProfileType type, String path,
                                            ProfileSelection baseline, ProfileSelection run) {
        TimeWindow left = target.queried(baseline.window());
        TimeWindow right = target.queried(run.window());
        return UrlQuery.at(target.uiUrl(), path)
                .param("leftQuery", target.query(type, baseline))
                .param("rightQuery", target.query(type, run))
                .param("leftFrom", left.fromEpochSecond())
                .param("leftUntil", left.untilEpochSecond())
                .param("rightFrom", right.fromEpochSecond())
                .param("rightUntil", right.untilEpochSecond())
                .param("query", target.query(type, run))
                .param("from", Math.min(left.fromEpochSecond(), right.fromEpochSecond()))
                .param("until", Math.max(left.untilEpochSecond(), right.untilEpochSecond()))
                .build();
    }

    /**
     * Drilldown's diff view: {@code from-2/to-2} and {@code from-3/to-3} are the time ranges of the baseline and
     * comparison panels, {@code diffFrom/diffTo} and {@code diffFrom-2/diffTo-2} the selections inside them, and each
     * side has its own filter variable ({@code var-filtersBaseline}, {@code var-filtersComparison}).
     */
    private static String drilldownDiff(PyroscopeTarget target, ProfileType type, ProfileSelection baseline,
                                        ProfileSelection run) {
        TimeWindow left = target.queried(baseline.window());
        TimeWindow right = target.queried(run.window());
        return drilldown(target, type, "diff-flame-graph")
                .filters("var-filtersBaseline", target.allLabels(baseline))
                .filters("var-filtersComparison", target.allLabels(run))
                .query().param("from", Math.min(left.fromEpochMilli(), right.fromEpochMilli()))
                .param("to", Math.max(left.untilEpochMilli(), right.untilEpochMilli()))
                .param("from-2", left.fromEpochMilli())
                .param("to-2", left.untilEpochMilli())
                .param("from-3", right.fromEpochMilli())
                .param("to-3", right.untilEpochMilli())
                .param("diffFrom", left.fromEpochMilli())
                .param("diffTo", left.untilEpochMilli())
                .param("diffFrom-2", right.fromEpochMilli())
                .param("diffTo-2", right.untilEpochMilli())
                .build();
    }

    private static Drilldown drilldown(PyroscopeTarget target, ProfileType type, String explorationType) {
        UrlQuery query = UrlQuery.at(target.uiUrl(), DRILLDOWN_PATH)
                .param("explorationType", explorationType)
                .paramIfPresent("var-dataSource", target.dataSourceUid())
                .param("var-serviceName", target.application())
                .param("var-profileMetricId", target.profileName(type));
        return new Drilldown(query);
    }

    /** Grafana Scenes ad-hoc filters: one parameter per filter, {@code key|=|value}, with {@code |} and {@code ,} escaped. */
    private record Drilldown(UrlQuery query) {
        Drilldown filters(String variable, Map<String, String> labels) {
            if (labels.isEmpty()) {
                query.param(variable, "");
            }
            labels.forEach((name, value) -> query.param(variable, escapeScenes(name) + "|=|" + escapeScenes(value)));
            return this;
        }

        private static String escapeScenes(String value) {
            return value.replace("|", "__gfp__").replace(",", "__gfc__");
        }
    }
}

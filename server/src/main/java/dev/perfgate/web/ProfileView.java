package dev.perfgate.web;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Stream;

import dev.perfgate.check.ProfileSummary;
import dev.perfgate.profile.FunctionStat;
import dev.perfgate.profile.ProfileReport;
import dev.perfgate.profile.ProfileType;

/**
 * The run page's profile section: for a judged run, exactly the profile evidence its verdict stored ({@code judged}
 * says so, {@code evidence} names the queries, windows and totals compared); for a run not judged yet, a live report
 * from Pyroscope.
 */
record ProfileView(String label, String status, String reason, String flamegraphUrl, String diffUrl,
        String comparisonUrl, List<String> lines, List<Row> top, boolean judged, List<String> evidence,
        String warning) {

    /** One of the top functions by self. */
    record Row(String name, double selfShare, double totalShare) {
    }

    static ProfileView of(ProfileSummary stored) {
        return new ProfileView(label(stored.type()), stored.status(), stored.reason(), stored.flamegraphUrl(),
                stored.diffUrl(), stored.comparisonUrl(), stored.lines(),
                stored.top().stream().map(f -> new Row(f.name(), f.selfShare(), f.totalShare())).toList(), true,
                evidence(stored), stored.warning());
    }

    static ProfileView live(ProfileReport report) {
        return new ProfileView(report.type().label(), report.status().name(), report.reason(), report.flamegraphUrl(),
                report.diffUrl().orElse(null), report.comparisonUrl().orElse(null), report.lines(),
                report.top().stream().map(ProfileView::row).toList(), false, List.of(), null);
    }

    private static Row row(FunctionStat f) {
        return new Row(f.name(), f.selfShare(), f.totalShare());
    }

    /** "run: app.cpu{run_id="154"} 2026-…Z – 2026-…Z, 1,234 samples", and the baseline's line. */
    static List<String> evidence(ProfileSummary stored) {
        String unit = stored.rawUnit() == null || stored.rawUnit().isEmpty() ? "" : " " + stored.rawUnit();
        return Stream.of(
                line("run", stored.runQuery(), stored.runTicks(), unit),
                line(stored.baselineLabel() == null ? "baseline" : "baseline " + stored.baselineLabel(),
                        stored.baselineQuery(), stored.baselineTicks(), unit))
                .filter(Objects::nonNull).toList();
    }

    private static String line(String side, ProfileSummary.Query query, Long ticks, String unit) {
        if (query == null) {
            return null;
        }
        return side + ": " + query.query() + " from " + query.from() + " until " + query.until() + ", "
                + (ticks == null ? "no profile read" : String.format(Locale.US, "%,d%s", ticks, unit));
    }

    private static String label(String type) {
        try {
            return ProfileType.valueOf(type.toUpperCase(Locale.ROOT)).label();
        } catch (IllegalArgumentException unknown) {
            return type;
        }
    }
}

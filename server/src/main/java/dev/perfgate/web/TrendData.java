package dev.perfgate.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perfgate.check.ChangePoints;
import dev.perfgate.check.CheckResult;
import dev.perfgate.check.Verdict;
import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.run.Run;

/**
 * The trends page's data: per check, its value in every judged run (oldest first) with the run's verdict, the
 * baseline it was compared with, the requirement's threshold from the checks in force, and the change points of
 * its values ({@link ChangePoints}). Pure.
 */
final class TrendData {

    /** One check over time. */
    record Trend(String key, String name, String unit, Double threshold, String requirement, String growth,
            List<Point> points, List<Change> changes) {

        /** The change point whose new level starts at this run; null when none does. */
        public Change changeAt(String runId) {
            return changes.stream().filter(c -> c.id().equals(runId)).findFirst().orElse(null);
        }
    }

    /** A change point: the first run of a new level, the medians before and after it, and its permutation p-value. */
    record Change(String id, String run, long t, double before, double after, double changePct, double pValue) {
    }

    /** One run's value of the check; {@code t} in epoch milliseconds. */
    record Point(long t, double value, String status, String verdict, String id, String run, String version,
            Double baseline, String baselineLabel, String message) {
    }

    private TrendData() {
    }

    /** {@code runs} newest first, as the store gives them; {@code verdicts} by run id. */
    static List<Trend> of(List<Run> runs, Map<String, Verdict> verdicts, GateDefinition gate) {
        Map<String, List<Point>> points = new LinkedHashMap<>();
        Map<String, CheckResult> newest = new LinkedHashMap<>();
        for (Run run : runs) {
            Verdict verdict = verdicts.get(run.id());
            if (verdict == null) {
                continue;
            }
            for (CheckResult check : verdict.checks()) {
                String key = SeriesOverview.checkKey(check);
                newest.putIfAbsent(key, check);
                if (check.value() != null) {
                    points.computeIfAbsent(key, k -> new ArrayList<>()).add(0, new Point(run.startedAt().toEpochMilli(),
                            check.value(), check.status().name(), verdict.status().name(), run.id(), run.runId(),
                            run.version(), check.baselineValue(), check.baselineLabel(), check.message()));
                }
            }
        }
        List<Trend> trends = new ArrayList<>();
        newest.forEach((key, check) -> {
            CheckDefinition definition = gate == null ? null : gate.checks().stream()
                    .filter(d -> d.id().equals(check.id())).findFirst().orElse(null);
            Double threshold = definition == null || definition.requirement() == null ? null
                    : definition.requirement().threshold();
            List<Point> series = points.getOrDefault(key, List.of());
            trends.add(new Trend(key, check.label(), check.unit(), threshold, check.requirement(),
                    check.growth(), series, changes(series)));
        });
        return trends;
    }

    /** The change points of a check's values over the runs shown (oldest first). */
    static List<Change> changes(List<Point> points) {
        List<Change> changes = new ArrayList<>();
        for (ChangePoints.ChangePoint c : ChangePoints.of(points.stream().map(Point::value).toList())) {
            Point p = points.get(c.index());
            changes.add(new Change(p.id(), p.run(), p.t(), c.before(), c.after(), c.changePct(), c.pValue()));
        }
        return changes;
    }
}

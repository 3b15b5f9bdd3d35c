package dev.perfgate.web;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import lombok.RequiredArgsConstructor;

import org.springframework.stereotype.Component;

import dev.perfgate.check.CheckResult;
import dev.perfgate.check.Verdict;
import dev.perfgate.check.VerdictRepository;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunVerdict;
import dev.perfgate.run.Series;

/** The home page's rows: each series with its latest run and verdict and a sparkline of its key check. */
@Component
@RequiredArgsConstructor
class SeriesOverview {

    static final int SPARKLINE_RUNS = 20;

    /** One series on the home page. */
    record Row(Series series, String path, String latestRunId, String latestRunLabel, String version, String status,
            String when, String ago, String keyCheck, String keyValue, Sparkline sparkline) {
    }

    private final SeriesQueries queries;
    private final RunRepository runs;
    private final VerdictRepository verdicts;
    private final Clock clock;

    List<Row> rows() {
        return queries.series().stream().map(this::row).toList();
    }

    static String path(Series series) {
        return "/series/" + series.system() + "/" + series.workload() + "/" + series.environment();
    }

    private Row row(Series series) {
        List<Run> recent = runs.ofSeries(series, SPARKLINE_RUNS);
        Run latest = recent.get(0);
        Map<String, Verdict> byRun = latestVerdicts(recent, verdicts);
        Optional<CheckResult> key = recent.stream().map(run -> byRun.get(run.id())).filter(v -> v != null && !v.checks().isEmpty())
                .findFirst().flatMap(SeriesOverview::keyCheck);
        String status = latest.verdict() == null ? (latest.isEnded() ? "PENDING" : "RUNNING") : latest.verdict().status();
        String keyName = key.map(CheckResult::label).orElse(null);
        String keyValue = null;
        Sparkline sparkline = Sparkline.of(List.of(), "");
        if (key.isPresent()) {
            String wanted = checkKey(key.get());
            List<Sparkline.Point> points = new ArrayList<>();
            CheckResult newest = null;
            for (Run run : recent) {
                Verdict verdict = byRun.get(run.id());
                CheckResult check = verdict == null ? null : find(verdict, wanted);
                if (check != null && check.value() != null) {
                    points.add(new Sparkline.Point(check.value(), check.status().name()));
                    newest = newest == null ? check : newest;
                }
            }
            Collections.reverse(points);
            keyValue = newest == null ? null : Formats.withUnit(newest.value(), newest.unit());
            sparkline = Sparkline.of(points, keyName + " over the last " + points.size() + " judged runs"
                    + (keyValue == null ? "" : ", newest " + keyValue));
        }
        return new Row(series, path(series), latest.id(), latest.runId(), latest.version(), status,
                Formats.when(latest.startedAt()), Formats.ago(latest.startedAt(), clock.instant()), keyName, keyValue,
                sparkline);
    }

    /** The latest verdict of each run that has one, by run id. */
    static Map<String, Verdict> latestVerdicts(List<Run> runs, VerdictRepository verdicts) {
        List<String> ids = runs.stream().map(Run::verdict).filter(v -> v != null && v.verdictId() != null)
                .map(RunVerdict::verdictId).toList();
        Map<String, Verdict> byId = new HashMap<>();
        if (!ids.isEmpty()) {
            verdicts.findAllById(ids).forEach(v -> byId.put(v.id(), v));
        }
        Map<String, Verdict> byRun = new HashMap<>();
        for (Run run : runs) {
            if (run.verdict() != null && run.verdict().verdictId() != null && byId.containsKey(run.verdict().verdictId())) {
                byRun.put(run.id(), byId.get(run.verdict().verdictId()));
            }
        }
        return byRun;
    }

    /** The check marked key, else the first one. */
    static Optional<CheckResult> keyCheck(Verdict verdict) {
        return verdict.checks().stream().filter(CheckResult::key).findFirst()
                .or(() -> verdict.checks().stream().findFirst());
    }

    /** What identifies a check across runs: how it is measured, and for which request. */
    static String checkKey(CheckResult check) {
        return check.request() == null ? check.fingerprint() : check.fingerprint() + "|" + check.request();
    }

    static CheckResult find(Verdict verdict, String key) {
        return verdict.checks().stream().filter(c -> checkKey(c).equals(key)).findFirst().orElse(null);
    }
}

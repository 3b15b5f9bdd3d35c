package dev.perfgate.web;

import java.time.Clock;
import java.util.List;
import java.util.Map;

import lombok.RequiredArgsConstructor;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.util.UriComponentsBuilder;

import dev.perfgate.check.GateDefinitions;
import dev.perfgate.check.Verdict;
import dev.perfgate.check.VerdictRepository;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunService;
import dev.perfgate.run.Series;
import dev.perfgate.system.ApiException;

/** A series' runs (newest first, filtered, paged) and its trends per check. */
@Controller
@RequiredArgsConstructor
class SeriesController {

    static final int PAGE = 25;
    static final int TREND_RUNS = 100;
    static final List<String> VERDICTS = List.of("PASS", "WARN", "FAIL", "INCONCLUSIVE", "INVALID", "PENDING");

    /** One run in the list. */
    record RunRow(String id, String runId, String status, String summary, String version, String trigger,
            String buildUrl, String buildNumber, List<String> tags, String started, String ago, String duration,
            String review) {
    }

    private final SeriesQueries queries;
    private final RunRepository runs;
    private final RunService runService;
    private final VerdictRepository verdicts;
    private final GateDefinitions definitions;
    private final PageJson json;
    private final Clock clock;

    @GetMapping("/series/{system}/{workload}/{environment}")
    String runs(@PathVariable String system, @PathVariable String workload, @PathVariable String environment,
            @RequestParam(required = false) String verdict, @RequestParam(required = false) String version,
            @RequestParam(required = false) String tag, @RequestParam(required = false) String before, Model model) {
        Series series = existing(system, workload, environment);
        SeriesQueries.RunFilter filter = SeriesQueries.RunFilter.of(verdict, version, tag);
        Run cursor = before == null || before.isBlank() ? null : runService.get(before);
        List<Run> page = queries.runs(series, filter, cursor, PAGE);
        String path = SeriesOverview.path(series);
        model.addAttribute("series", series);
        model.addAttribute("path", path);
        model.addAttribute("filter", filter);
        model.addAttribute("verdicts", VERDICTS);
        model.addAttribute("rows", page.stream().map(this::row).toList());
        model.addAttribute("paged", cursor != null);
        model.addAttribute("pin", queries.pin(series).orElse(null));
        if (page.size() == PAGE) {
            model.addAttribute("older", UriComponentsBuilder.fromPath(path)
                    .queryParam("verdict", orEmpty(filter.verdict())).queryParam("version", orEmpty(filter.version()))
                    .queryParam("tag", orEmpty(filter.tag())).queryParam("before", page.get(page.size() - 1).id())
                    .encode().build().toUriString());
        }
        return "series";
    }

    @GetMapping("/series/{system}/{workload}/{environment}/trends")
    String trends(@PathVariable String system, @PathVariable String workload, @PathVariable String environment,
            Model model) {
        Series series = existing(system, workload, environment);
        List<Run> recent = runs.ofSeries(series, TREND_RUNS);
        Map<String, Verdict> byRun = SeriesOverview.latestVerdicts(recent, verdicts);
        List<TrendData.Trend> trends = TrendData.of(recent, byRun,
                definitions.find(system, workload, environment).orElse(null));
        model.addAttribute("series", series);
        model.addAttribute("path", SeriesOverview.path(series));
        model.addAttribute("trends", trends);
        model.addAttribute("trendJson", json.embed(trends));
        return "trends";
    }

    private Series existing(String system, String workload, String environment) {
        Series series = new Series(system, workload, environment);
        if (runs.ofSeries(series, 1).isEmpty()) {
            throw ApiException.notFound("No runs of " + series + " yet");
        }
        return series;
    }

    private RunRow row(Run run) {
        String status = run.verdict() == null ? (run.isEnded() ? "PENDING" : "RUNNING") : run.verdict().status();
        String review = run.review() == null ? null
                : "regression " + run.review().decision().name().toLowerCase() + " by " + run.review().by();
        return new RunRow(run.id(), run.runId(), status, run.verdict() == null ? null : run.verdict().summary(),
                run.version(), run.trigger() == null ? null : run.trigger().name().toLowerCase(), run.buildUrl(),
                run.buildNumber(), run.tags(), Formats.when(run.startedAt()), Formats.ago(run.startedAt(), clock.instant()),
                run.isEnded() ? Formats.duration(run.startedAt(), run.endedAt()) : "running", review);
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }
}

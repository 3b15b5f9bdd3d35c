package dev.perfgate.web;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import dev.perfgate.check.BaselinePin;
import dev.perfgate.check.CheckResult;
import dev.perfgate.check.Reviews;
import dev.perfgate.check.RunProfiles;
import dev.perfgate.check.Verdict;
import dev.perfgate.check.VerdictRepository;
import dev.perfgate.check.VerdictService;
import dev.perfgate.results.ResultsRepository;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunService;
import dev.perfgate.system.ApiException;

/**
 * A run's page: metadata, the verdict with every check's numbers, latency per request, charts over the run window,
 * the profile section, and the actions the person's role allows.
 */
@Controller
class RunPageController {

    /** A check's explanation lines (e.g. the functions that grew), for the profile section. */
    record Explained(String check, List<String> lines) {
    }

    /** One earlier or current evaluation of the run. */
    record Judgement(String when, String status, String reason, String summary) {
    }

    /** Where the run's verdict stands, for the page's script: RUNNING, PENDING or the verdict; waiting for one. */
    record State(String status, boolean waiting) {
        static State of(Run run) {
            String status = run.verdict() == null ? (run.isEnded() ? "PENDING" : "RUNNING") : run.verdict().status();
            return new State(status, status.equals("PENDING") || status.equals("RUNNING"));
        }
    }

    private final RunService runs;
    private final VerdictService verdicts;
    private final VerdictRepository verdictHistory;
    private final ResultsRepository results;
    private final Reviews reviews;
    private final SeriesQueries queries;
    private final ObjectProvider<RunProfiles> profiles;
    private final PrometheusSeries prometheus;
    private final PageJson json;
    private final Duration verdictWait;

    RunPageController(RunService runs, VerdictService verdicts, VerdictRepository verdictHistory,
            ResultsRepository results, Reviews reviews, SeriesQueries queries, ObjectProvider<RunProfiles> profiles,
            PrometheusSeries prometheus, PageJson json, @Value("${perfgate.ui.verdict-wait:10m}") Duration verdictWait) {
        if (verdictWait.isNegative() || verdictWait.isZero()) {
            throw new IllegalStateException("perfgate.ui.verdict-wait must be positive, e.g. 10m (was " + verdictWait + ")");
        }
        this.runs = runs;
        this.verdicts = verdicts;
        this.verdictHistory = verdictHistory;
        this.results = results;
        this.reviews = reviews;
        this.queries = queries;
        this.profiles = profiles;
        this.prometheus = prometheus;
        this.json = json;
        this.verdictWait = verdictWait;
    }

    @GetMapping("/runs/{id}")
    String run(@PathVariable String id, Model model) {
        Run run = runs.get(id);
        Verdict verdict = verdicts.latest(run).orElse(null);
        RunResults runResults = results.find(run.id()).orElse(null);
        State state = State.of(run);
        model.addAttribute("run", run);
        model.addAttribute("seriesPath", SeriesOverview.path(run.series()));
        model.addAttribute("started", Formats.when(run.startedAt()));
        model.addAttribute("ended", run.endedAt() == null ? "still running" : Formats.when(run.endedAt()));
        model.addAttribute("duration", Formats.duration(run.startedAt(), run.endedAt()));
        model.addAttribute("status", state.status());
        model.addAttribute("waiting", state.waiting());
        model.addAttribute("verdictWaitSeconds", verdictWait.toSeconds());
        model.addAttribute("verdict", verdict);
        model.addAttribute("evaluatedAt", verdict == null ? null : Formats.when(verdict.evaluatedAt()));
        model.addAttribute("checks", verdict == null ? List.of() : verdict.checks().stream().map(CheckRow::of).toList());
        model.addAttribute("regression", verdict != null && verdict.regressionDetected());
        model.addAttribute("history", verdictHistory.history(run.id()).stream()
                .map(v -> new Judgement(Formats.when(v.evaluatedAt()), v.status().name(), v.reason(), v.summary()))
                .toList());
        model.addAttribute("latency", runResults == null ? List.of() : LatencyRow.of(runResults));
        Map<String, String> measures = new TreeMap<>();
        if (runResults != null) {
            runResults.measures().forEach((name, value) -> measures.put(name, Formats.number(value)));
        }
        model.addAttribute("measures", measures);
        model.addAttribute("resultsSource", runResults == null ? null : runResults.tool());
        RunCharts charts = RunCharts.of(run, runResults);
        model.addAttribute("charts", charts == null ? null : json.embed(charts));
        model.addAttribute("promCheck", run.isEnded() ? prometheus.check(run).map(c -> c.name()).orElse(null) : null);
        BaselinePin pin = queries.pin(run.series()).orElse(null);
        model.addAttribute("pin", pin);
        model.addAttribute("pinned", pin != null && pin.runId().equals(run.id()));
        String baselineId = verdict == null ? null : verdict.checks().stream().map(CheckResult::baselineRunId)
                .filter(b -> b != null).findFirst().orElse(null);
        Run baseline = baselineId == null ? null : runs.get(baselineId);
        model.addAttribute("profiles", profiles(verdict, run, baseline));
        model.addAttribute("explained", verdict == null ? List.of() : verdict.checks().stream()
                .filter(c -> c.explanation() != null && !c.explanation().isEmpty())
                .map(c -> new Explained(c.label(), c.explanation())).toList());
        return "run";
    }

    /**
     * A judged run shows the profile evidence its verdict stored, never a fresh read of Pyroscope (which may hold
     * more or less by now); only a run without stored evidence gets a live report.
     */
    private List<ProfileView> profiles(Verdict verdict, Run run, Run baseline) {
        if (verdict != null && verdict.profiles() != null && !verdict.profiles().isEmpty()) {
            return verdict.profiles().stream().map(ProfileView::of).toList();
        }
        return profiles.getIfUnique(() -> RunProfiles.NONE).report(run, baseline).map(ProfileView::live).stream()
                .toList();
    }

    /** Where the run's verdict stands; the page polls it while it waits and reloads when the verdict is in. */
    @GetMapping(path = "/runs/{id}/state", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    State state(@PathVariable String id) {
        return State.of(runs.get(id));
    }

    /** The Prometheus series of the run's first Prometheus check, loaded by the page's script; 404 if none. */
    @GetMapping(path = "/runs/{id}/prometheus", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    ResponseEntity<PrometheusSeries.Chart> prometheus(@PathVariable String id) {
        return prometheus.chart(runs.get(id)).map(ResponseEntity::ok).orElseGet(() -> ResponseEntity.notFound().build());
    }

    @PostMapping("/runs/{id}/evaluate")
    String evaluate(@PathVariable String id, Authentication who, RedirectAttributes flash) {
        return act(id, flash, () -> "Evaluated again: " + verdicts.evaluate(runs.get(id).id(),
                "re-evaluation requested in the UI by " + who.getName()).summary());
    }

    @PostMapping("/runs/{id}/baseline")
    String pin(@PathVariable String id, @RequestParam(required = false) String reason, RedirectAttributes flash) {
        return act(id, flash, () -> "Pinned as the baseline of its series: "
                + reviews.pin(id, required(reason)).runLabel() + reviews.pinUnused(id).map(why -> " (" + why + ")").orElse(""));
    }

    @PostMapping("/runs/{id}/unpin")
    String unpin(@PathVariable String id, RedirectAttributes flash) {
        return act(id, flash, () -> {
            reviews.unpin(id);
            return "The series has no pinned baseline any more";
        });
    }

    @PostMapping("/runs/{id}/regression/{decision}")
    String review(@PathVariable String id, @PathVariable String decision, @RequestParam(required = false) String reason,
            RedirectAttributes flash) {
        if (!decision.equals("accept") && !decision.equals("deny")) {
            throw ApiException.notFound("No such review decision: " + decision);
        }
        boolean accept = decision.equals("accept");
        return act(id, flash, () -> {
            reviews.review(id, accept, required(reason));
            return accept ? "Regression accepted as the new normal" : "Regression denied: it stays a regression";
        });
    }

    @PostMapping("/runs/{id}/invalidate")
    String invalidate(@PathVariable String id, @RequestParam(required = false) String reason, RedirectAttributes flash) {
        return act(id, flash, () -> {
            reviews.invalidate(id, required(reason));
            return "Marked invalid: " + verdicts.evaluate(id, "marked invalid").summary();
        });
    }

    /** Runs an action and goes back to the run page with what happened, or why it was refused. */
    private static String act(String id, RedirectAttributes flash, java.util.function.Supplier<String> action) {
        try {
            flash.addFlashAttribute("notice", action.get());
        } catch (ApiException refused) {
            flash.addFlashAttribute("problem", refused.getMessage());
        }
        return "redirect:/runs/" + id;
    }

    private static String required(String reason) {
        if (reason == null || reason.isBlank()) {
            throw ApiException.badRequest("Give a reason: it is kept in the audit log");
        }
        if (reason.length() > 2000) {
            throw ApiException.badRequest("The reason is too long (at most 2000 characters)");
        }
        return reason.strip();
    }
}

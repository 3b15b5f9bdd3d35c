package dev.perfgate.web;

import java.util.List;
import java.util.Optional;

import lombok.RequiredArgsConstructor;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;

import dev.perfgate.check.ProfileSummary;
import dev.perfgate.check.RunProfiles;
import dev.perfgate.check.Verdict;
import dev.perfgate.check.VerdictService;
import dev.perfgate.profile.ProfileType;
import dev.perfgate.results.ResultsRepository;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunService;

/**
 * Two runs side by side ({@code /compare?run=A&with=B}, B by default the baseline of A's verdict): checks, latency
 * per request, measures, and the differential flame graph of their CPU profiles.
 */
@Controller
@RequiredArgsConstructor
class CompareController {

    /** Frames under this share of the run's profile are left out of the diff tree. */
    static final double MIN_FRAME_SHARE = 0.0005;
    /** The response header of the profile diff that says where the two profiles come from. */
    static final String SOURCE_HEADER = "PerfGate-Profiles";

    private final RunService runs;
    private final RunRepository repository;
    private final VerdictService verdicts;
    private final ResultsRepository results;
    private final ObjectProvider<RunProfiles> profiles;

    @GetMapping("/compare")
    String compare(@RequestParam String run, @RequestParam(required = false) String with, Model model) {
        Run a = runs.get(run);
        Verdict va = verdicts.latest(a).orElse(null);
        Run b = with != null && !with.isBlank() ? runs.get(with) : defaultBaseline(a, va).orElse(null);
        model.addAttribute("a", a);
        model.addAttribute("b", b);
        model.addAttribute("seriesPath", SeriesOverview.path(a.series()));
        model.addAttribute("candidates", repository.ofSeries(a.series(), 50).stream()
                .filter(r -> !r.id().equals(a.id())).toList());
        model.addAttribute("aStatus", va == null ? "PENDING" : va.status().name());
        if (b == null) {
            return "compare";
        }
        Verdict vb = verdicts.latest(b).orElse(null);
        RunResults ra = results.find(a.id()).orElse(null);
        RunResults rb = results.find(b.id()).orElse(null);
        model.addAttribute("bStatus", vb == null ? "PENDING" : vb.status().name());
        model.addAttribute("checks", Comparison.checks(va, vb));
        model.addAttribute("judgedAgainst", otherBaselines(va, b));
        model.addAttribute("requests", Comparison.requests(ra, rb));
        model.addAttribute("stats", Comparison.STATS);
        model.addAttribute("measures", Comparison.measures(ra, rb));
        model.addAttribute("profile", links(a, va, b).orElse(null));
        model.addAttribute("diffUrl", "/compare/profile-diff?run=" + a.id() + "&with=" + b.id());
        return "compare";
    }

    /**
     * The links into Pyroscope: those A's verdict stored when B is the run it judged against (no store or Pyroscope
     * read), else made for the two runs' windows.
     */
    private Optional<RunProfiles.Links> links(Run a, Verdict va, Run b) {
        Optional<ProfileSummary> judged = va == null || va.profiles() == null ? Optional.empty()
                : va.profiles().stream().filter(p -> b.id().equals(p.baselineRunId()) && p.diffUrl() != null)
                        .findFirst();
        return judged.map(p -> new RunProfiles.Links(p.flamegraphUrl(), Optional.of(p.diffUrl()),
                Optional.ofNullable(p.comparisonUrl())))
                .or(() -> profiles.getIfUnique(() -> RunProfiles.NONE).links(a, b));
    }

    /**
     * The differential flame graph's tree (d3-flame-graph's JSON) of the CPU profiles as the verdicts stored them, the
     * header {@value #SOURCE_HEADER} saying where they come from; 404 while there is no profile data for both.
     */
    @GetMapping(path = "/compare/profile-diff", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    ResponseEntity<?> profileDiff(@RequestParam String run, @RequestParam String with) {
        Run a = runs.get(run);
        Run b = runs.get(with);
        Optional<RunProfiles.Pair> pair = profiles.getIfUnique(() -> RunProfiles.NONE).pair(a, b, ProfileType.CPU);
        Optional<DiffTree.Node> tree = pair.flatMap(p -> DiffTree.between(p.baseline(), p.run(), MIN_FRAME_SHARE));
        if (tree.isEmpty()) {
            ProblemDetail missing = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND,
                    "No profile data for these runs");
            return ResponseEntity.status(HttpStatus.NOT_FOUND).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(missing);
        }
        return ResponseEntity.ok().header(SOURCE_HEADER, pair.get().source()).body(tree.get());
    }

    /**
     * The baselines A's verdict judged its checks against other than B alone ("median of 5 runs (3–7)"), so the page
     * can say that the changes A − B are not the verdict's; null when every baseline was B (or there was none).
     */
    static String otherBaselines(Verdict va, Run b) {
        if (va == null) {
            return null;
        }
        List<String> others = va.checks().stream().map(c -> c.baselineLabel())
                .filter(label -> label != null && !label.equals("run " + b.runId())).distinct().toList();
        return others.isEmpty() ? null : String.join(", ", others);
    }

    /** The baseline A's verdict compared with ({@link Verdict#comparedWith}), else the series' previous completed run. */
    private Optional<Run> defaultBaseline(Run a, Verdict verdict) {
        if (verdict != null) {
            Optional<String> baseline = verdict.comparedWith();
            if (baseline.isPresent()) {
                return repository.findById(baseline.get());
            }
        }
        List<Run> earlier = repository.completedBefore(a.series(), a.startedAt(), 1);
        return earlier.stream().findFirst();
    }
}

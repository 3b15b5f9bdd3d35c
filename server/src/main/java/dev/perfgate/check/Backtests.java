package dev.perfgate.check;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import lombok.AccessLevel;
import lombok.RequiredArgsConstructor;

import org.springframework.stereotype.Component;

import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.DefinitionParser;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.Problem;
import dev.perfgate.definition.ValueSource;
import dev.perfgate.results.ResultsRepository;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.Series;
import dev.perfgate.system.ApiException;

/**
 * Backtests a gate definition (the one in force, or a submitted file) over a series' recorded runs. Values come
 * from what is stored: results and measures of each run, and for Prometheus and profile checks the value its
 * verdict recorded for a check measured the same way (same fingerprint). A Prometheus check with no stored value
 * is queried live (only at a Prometheus the checks in force already use); a profile check with none is not
 * replayable. The replay itself is {@link Backtest}'s; nothing is stored and no alert is sent.
 */
@Component
@RequiredArgsConstructor(access = AccessLevel.PACKAGE)
public class Backtests {

    /** The most runs one backtest replays. */
    public static final int MAX_RUNS = 500;

    /** A submitted checks file that cannot be read, with each problem's file and line. */
    public static final class ChecksRejected extends RuntimeException {
        private final transient List<Problem> problems;

        public ChecksRejected(List<Problem> problems) {
            super("The checks file was rejected: " + String.join("; ", problems.stream().map(Problem::toString).toList()));
            this.problems = List.copyOf(problems);
        }

        public List<Problem> problems() {
            return problems;
        }
    }

    /** A backtest's answer: which definition was replayed over which series, run by run (oldest first), and the sums. */
    public record Report(String series, String definition, boolean submitted, String baseline, List<Backtest.Row> runs,
            Backtest.Summary summary, List<String> notes) {
    }

    private final RunRepository runs;
    private final ResultsRepository results;
    private final VerdictRepository verdicts;
    private final GateDefinitions definitions;
    private final ValueResolver values;
    private final JudgedHistory history;
    private final RuleFeasibility feasibility;

    /**
     * Replays the last {@code limit} runs of a series through {@code checksYaml} (null: the checks in force).
     *
     * @param fileName the submitted file's name, for problems and the report
     * @param live     whether checks with no stored value may query their Prometheus now
     * @throws ChecksRejected when the submitted file has problems
     */
    public Report run(Series series, String fileName, String checksYaml, int limit, boolean live) {
        boolean submitted = checksYaml != null && !checksYaml.isBlank();
        GateDefinition gate = submitted ? parse(series, fileName, checksYaml)
                : definitions.find(series.system(), series.workload(), series.environment())
                        .orElseThrow(() -> ApiException.notFound("No checks are in force for " + series
                                + ": submit a checks file to backtest"));
        List<Run> recent = new ArrayList<>(runs.ofSeries(series, Math.max(1, Math.min(limit, MAX_RUNS))));
        if (recent.isEmpty()) {
            throw ApiException.notFound("No runs of " + series + " yet");
        }
        Collections.reverse(recent);
        Map<String, Verdict> actual = new HashMap<>();
        List<String> verdictIds = recent.stream().map(Run::verdict).filter(v -> v != null && v.verdictId() != null)
                .map(v -> v.verdictId()).toList();
        if (!verdictIds.isEmpty()) {
            verdicts.findAllById(verdictIds).forEach(v -> actual.put(v.runId(), v));
        }
        Set<String> liveUrls = submitted ? inForce() : null;
        // a Prometheus that did not answer is not asked again for every run and check of this backtest
        Set<String> silent = new HashSet<>();
        List<Backtest.Recorded> recorded = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Run run : recent) {
            if (!run.isEnded()) {
                notes.add("run " + run.runId() + " is still running: not replayed");
                continue;
            }
            RunResults runResults = results.find(run.id()).orElse(null);
            Map<String, List<ValueResolver.Resolved>> byCheck = new LinkedHashMap<>();
            List<String> invalid = invalid(gate, run, runResults);
            if (invalid.isEmpty()) {
                for (CheckDefinition check : gate.checks()) {
                    byCheck.put(check.id(), resolve(gate, check, run, runResults, actual.get(run.id()), live, liveUrls,
                            silent));
                }
            }
            recorded.add(new Backtest.Recorded(run.id(), run.runId(), run.startedAt(),
                    run.verdict() == null ? null : run.verdict().status(),
                    run.review() == null ? null : run.review().decision(), invalid, byCheck));
        }
        List<Backtest.Row> rows = Backtest.replay(gate, recorded, history.pinnedRunId(series));
        feasibility.review(gate, series).forEach(warning -> notes.add(warning.message()));
        return new Report(series.toString(), gate.file() + (gate.version() == null ? "" : " (version " + gate.version() + ")"),
                submitted, gate.baseline().name().toLowerCase(Locale.ROOT), rows,
                Backtest.summarize(rows, recorded), notes);
    }

    private static GateDefinition parse(Series series, String fileName, String text) {
        String name = fileName == null || fileName.isBlank() ? "submitted.yaml" : fileName;
        DefinitionParser.Result parsed = new DefinitionParser().parse(name, text);
        if (!parsed.ok()) {
            throw new ChecksRejected(parsed.problems());
        }
        GateDefinition gate = parsed.definition();
        if (!gate.appliesTo(series.system(), series.workload(), series.environment())) {
            throw ApiException.badRequest(name + " does not apply to " + series + " (it is for system " + gate.system()
                    + (gate.workloads().isEmpty() ? "" : ", workloads " + gate.workloads())
                    + (gate.environments().isEmpty() ? "" : ", environments " + gate.environments()) + ")");
        }
        return gate;
    }

    /** Why the run is unfit to judge under {@code gate}: aborted, marked invalid by hand, or short of its workload. */
    private static List<String> invalid(GateDefinition gate, Run run, RunResults results) {
        return Validity.setAside(run).map(List::of).orElseGet(() -> Validity.problems(gate.validity(), run, results));
    }

    /** A check's value(s) for a run: from the stored results, else the stored verdict, else live, else not replayable. */
    private List<ValueResolver.Resolved> resolve(GateDefinition gate, CheckDefinition check, Run run, RunResults runResults,
            Verdict judged, boolean live, Set<String> liveUrls, Set<String> silent) {
        if (!external(check.source())) {
            // results and measures: no Prometheus window, so no process-start query either
            return values.resolve(gate, check, run, runResults, ProfileEvidence.Evidence.NONE,
                    JudgedWindow.of(gate, run, runResults));
        }
        List<CheckResult> stored = judged == null ? List.of()
                : judged.checks().stream().filter(c -> check.fingerprint().equals(c.fingerprint())).toList();
        if (!stored.isEmpty()) {
            return stored.stream().map(c -> new ValueResolver.Resolved(c.request(), storedValue(check, c))).toList();
        }
        String url = gate.prometheusUrlFor(run.environment());
        String why;
        if (profile(check.source())) {
            why = "its profile value is not in the run's stored verdict, and profiles are not re-read by a backtest";
        } else if (!live) {
            why = "its Prometheus value is not in the run's stored verdict, and live queries are off";
        } else if (url == null) {
            why = "no Prometheus for environment " + run.environment();
        } else if (liveUrls != null && !liveUrls.contains(url)) {
            why = "its Prometheus value is not stored, and the submitted Prometheus " + url
                    + " is not one the checks in force use (a backtest queries only those)";
        } else if (silent.contains(url)) {
            why = "its Prometheus value is not stored, and Prometheus at " + url + " did not answer earlier in this backtest";
        } else {
            List<ValueResolver.Resolved> resolved = values.resolve(gate, check, run, runResults,
                    ProfileEvidence.Evidence.NONE, values.window(gate, run, runResults));
            String noAnswer = "Prometheus at " + url + " did not answer";
            if (resolved.stream().anyMatch(r -> r.measurement().missing() != null
                    && r.measurement().missing().startsWith(noAnswer))) {
                silent.add(url);
            }
            return resolved.stream().map(r -> r.measurement().present() || r.measurement().implausible() ? r
                    : new ValueResolver.Resolved(r.request(), Measurement.missing(Backtest.NOT_REPLAYABLE
                            + "live query of " + url + ": " + r.measurement().missing())))
                    .toList();
        }
        return List.of(new ValueResolver.Resolved(null, Measurement.missing(Backtest.NOT_REPLAYABLE + why)));
    }

    /** The stored value, judged by the replayed check's own idea of a real reading; none stored: no data then. */
    private static Measurement storedValue(CheckDefinition check, CheckResult stored) {
        if (stored.value() == null) {
            String message = stored.message() == null ? "" : stored.message();
            String noBaseline = stored.label() + ": no baseline yet (";
            if (message.startsWith(noBaseline) && message.endsWith("), not judged")) {
                // a profile diff without a baseline run (the series' first profiled run) is not judged, as then
                return Measurement.noBaseline(message.substring(noBaseline.length(),
                        message.length() - "), not judged".length()));
            }
            for (String said : List.of(": no data (", ": implausible reading, not judged (")) {
                String prefix = stored.label() + said;
                if (message.startsWith(prefix) && message.endsWith(")")) {
                    message = message.substring(prefix.length(), message.length() - 1);
                }
            }
            return Measurement.missing(message + "; as when the run was judged");
        }
        return Plausibility.ofExpect(check, stored.value()).map(Measurement::implausible)
                .orElseGet(() -> Measurement.of(stored.value()));
    }

    /** Whether a source's value comes from outside the stored results (Prometheus or Pyroscope). */
    private static boolean external(ValueSource source) {
        return source instanceof ValueSource.Prometheus || source instanceof ValueSource.Profile
                || source instanceof ValueSource.Efficiency e && external(e.rate());
    }

    private static boolean profile(ValueSource source) {
        return source instanceof ValueSource.Profile || source instanceof ValueSource.Efficiency e && profile(e.rate());
    }

    /** The Prometheus URLs the checks in force use: the only ones a submitted file may have queried. */
    private Set<String> inForce() {
        Set<String> urls = new HashSet<>();
        for (GateDefinitions.FileState state : definitions.states()) {
            GateDefinition active = state.active();
            if (active != null) {
                if (active.prometheusUrl() != null) {
                    urls.add(active.prometheusUrl());
                }
                urls.addAll(active.environmentPrometheusUrls().values());
            }
        }
        return urls;
    }
}

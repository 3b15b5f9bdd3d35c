package dev.perfgate.check;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import lombok.RequiredArgsConstructor;

import org.springframework.stereotype.Component;

import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.ValueSource;
import dev.perfgate.results.ResultsRepository;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunStatus;

/** Judges one run: test validity first, then every check against its baseline and the noise of its history. */
@Component
@RequiredArgsConstructor
class Judge {

    private final RunRepository runs;
    private final ResultsRepository results;
    private final GateDefinitions definitions;
    private final ValueResolver values;
    private final ProfileEvidence profiles;
    private final JudgedHistory history;

    /** A verdict and the profiles it judged, which are stored with it once the verdict is. */
    record Judgement(Verdict verdict, List<JudgedProfiles.Judged> profiles) {

        static Judgement of(Verdict verdict) {
            return new Judgement(verdict, List.of());
        }
    }

    /**
     * When a run that ended can be judged: at once, or, when its checks read profiles, once the agent's last upload
     * of what the verdict reads is in Pyroscope (one upload interval after the last whole bucket of the run's steady
     * state, and a margin), so that the verdict reads the whole run and nothing after it.
     */
    Instant judgeableAt(Run run, Instant now) {
        GateDefinition.Pyroscope config = definitions.find(run.system(), run.workload(), run.environment())
                .map(gate -> gate.pyroscopeFor(run.environment())).orElse(null);
        if (run.endedAt() == null || config == null) {
            return now;
        }
        // the load tool's steady state when the results came before the end (a warm-up cuts only its start)
        Instant end = JudgedWindow.of(run, results.find(run.id()).orElse(null)).end();
        Instant settled = ProfileEvidence.target(config).settled(end);
        return settled.isAfter(now) ? settled : now;
    }

    /** The verdict on a run; marks it invalid (or valid again) as its validity says. */
    Judgement judge(Run run, Verdict.Stamp stamp) {
        Optional<String> setAside = Validity.setAside(run);
        if (setAside.isPresent()) {
            return Judgement.of(Verdict.invalid(stamp, null, List.of(setAside.get())));
        }
        List<String> tied = definitions.tied(run.system(), run.workload(), run.environment());
        if (!tied.isEmpty()) {
            return Judgement.of(Verdict.inconclusive(stamp, "the checks files " + String.join(" and ", tied)
                    + " both apply to " + run.series() + ", equally: make one name its workloads or environments more"
                    + " narrowly, or remove one"));
        }
        Optional<GateDefinition> found = definitions.find(run.system(), run.workload(), run.environment());
        if (found.isEmpty()) {
            return Judgement.of(Verdict.inconclusive(stamp, "no checks are defined for " + run.series()
                    + " (add a file to " + definitions.directory() + ")"));
        }
        GateDefinition gate = found.get();
        RunResults runResults = results.find(run.id()).orElse(null);
        List<String> invalid = Validity.problems(gate.validity(), run, runResults);
        if (!invalid.isEmpty()) {
            runs.setStatus(run.id(), RunStatus.INVALID, Validity.PREFIX + String.join("; ", invalid));
            return Judgement.of(Verdict.invalid(stamp, gate, invalid));
        }
        if (run.status() == RunStatus.INVALID) {
            runs.setStatus(run.id(), RunStatus.COMPLETED, null);
        }
        JudgedHistory.Past past = history.before(run, gate);
        // the profile baseline and its results are read only where the checks read profiles
        PastRun profileBaseline = gate.pyroscopeFor(run.environment()) == null ? null : past.profileBaseline(gate.baseline());
        Run baselineRun = profileBaseline == null ? null : past.runs().get(profileBaseline.id());
        RunResults baselineResults = baselineRun == null ? null : results.find(baselineRun.id()).orElse(null);
        Optional<Instant> processStart = values.processStart(gate, run, runResults);
        JudgedWindow window = JudgedWindow.of(gate, run, runResults, processStart);
        ProfileEvidence.Evidence collected = profiles.collect(gate, run, runResults, window, baselineRun,
                baselineResults, baselineRun == null ? null : values.window(gate, baselineRun, baselineResults));
        ProfileEvidence.Evidence evidence = processStart.flatMap(window::startedWithin).map(collected::coldStart)
                .orElse(collected);
        List<CheckResult> checks = new ArrayList<>();
        for (CheckDefinition check : gate.checks()) {
            List<ValueResolver.Resolved> all = withVanished(check,
                    values.resolve(gate, check, run, runResults, evidence, window), past.newestFirst());
            for (ValueResolver.Resolved resolved : all) {
                checks.add(Explanations.attach(evaluate(gate, check, resolved, past.newestFirst(), past.pin()), check,
                        evidence));
            }
        }
        Verdict verdict = Verdict.judged(stamp, gate, checks, evidence.summaries());
        return new Judgement(definitions.rejectedNewest(gate.file()).map(verdict::withNote).orElse(verdict),
                evidence.judged());
    }

    /**
     * A check of every request matching a pattern also names, as no data, each request the newest earlier run judged by
     * it that this run lacks: a request renamed or no longer called would otherwise leave the gate with one check
     * fewer, silently (a request named exactly says so already).
     */
    static List<ValueResolver.Resolved> withVanished(CheckDefinition check, List<ValueResolver.Resolved> resolved,
            List<PastRun> newestFirst) {
        if (!(check.source() instanceof ValueSource.Results source) || source.requestPattern() == null
                || resolved.stream().noneMatch(r -> r.measurement().present())) {
            return resolved;
        }
        Set<String> now = new HashSet<>();
        resolved.forEach(r -> now.add(r.request()));
        for (PastRun earlier : newestFirst) {
            List<String> keys = earlier.keys(check.fingerprint());
            if (keys.isEmpty()) {
                continue;
            }
            List<ValueResolver.Resolved> all = new ArrayList<>(resolved);
            for (String key : keys) {
                String request = key.substring(key.indexOf('|') + 1);
                if (key.contains("|") && !now.contains(request)) {
                    all.add(new ValueResolver.Resolved(request, Measurement.missing("no request '" + request
                            + "' in this run's results, though it matched '" + source.requestPattern() + "' in run "
                            + earlier.runId() + ": renamed, or no longer called?")));
                }
            }
            return all;
        }
        return resolved;
    }

    /**
     * The one call into the evaluator, for judging and for a backtest's replay alike: the value against its baseline
     * and the noise of the earlier runs ({@code newestFirst}), with the pinned run ({@code pin}, null: none).
     */
    static CheckResult evaluate(GateDefinition gate, CheckDefinition check, ValueResolver.Resolved resolved,
            List<PastRun> newestFirst, PastRun pin) {
        String key = PastRun.key(check.fingerprint(), resolved.request());
        GrowthHistory growth = GrowthHistory.of(newestFirst, key, gate.noiseRuns());
        BaselineValue baseline = growth.baseline(gate.baseline(), gate.baselineRuns(), pin, key);
        return Evaluator.evaluate(check, resolved.request(), resolved.measurement(), baseline, growth);
    }
}

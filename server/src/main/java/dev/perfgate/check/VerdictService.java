package dev.perfgate.check;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

import jakarta.annotation.PreDestroy;
import org.bson.types.ObjectId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Service;

import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.results.ResultsAttached;
import dev.perfgate.results.ResultsRepository;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.RegressionReview;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunEnded;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.RunVerdict;
import dev.perfgate.system.ApiException;

/**
 * Judges runs: when a run ends or its results arrive (in the background, one evaluation at a
 * time), and on demand. Test validity first, then every check against its baseline and noise.
 */
@Service
public class VerdictService {

    /** Published after a verdict is stored, for alerts and metrics. */
    public record VerdictReady(Run run, Verdict verdict, Verdict previous) {
    }

    /** Published when a background evaluation threw, before its INCONCLUSIVE verdict is stored, for metrics. */
    public record EvaluationFailed(String runId, String reason, RuntimeException cause) {
    }

    private static final Logger log = LoggerFactory.getLogger(VerdictService.class);
    static final String PENDING = "PENDING";
    private static final String VALIDITY_PREFIX = "validity: ";

    private final RunRepository runs;
    private final ResultsRepository results;
    private final VerdictRepository verdicts;
    private final GateDefinitions definitions;
    private final ValueResolver values;
    private final ProfileEvidence profiles;
    private final MongoTemplate mongo;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> new Thread(r, "perfgate-evaluation"));

    VerdictService(RunRepository runs, ResultsRepository results, VerdictRepository verdicts, GateDefinitions definitions,
            ValueResolver values, ProfileEvidence profiles, MongoTemplate mongo, ApplicationEventPublisher events,
            Clock clock) {
        this.profiles = profiles;
        this.runs = runs;
        this.results = results;
        this.verdicts = verdicts;
        this.definitions = definitions;
        this.values = values;
        this.mongo = mongo;
        this.events = events;
        this.clock = clock;
    }

    @EventListener(ApplicationReadyEvent.class)
    void createIndexes() {
        verdicts.ensureIndexes();
    }

    @PreDestroy
    void stop() {
        worker.shutdown();
    }

    @EventListener
    void onRunEnded(RunEnded event) {
        schedule(event.run().id(), "run ended");
    }

    @EventListener
    void onResults(ResultsAttached event) {
        runs.findById(event.runId()).filter(Run::isEnded).ifPresent(run -> schedule(run.id(), "results attached"));
    }

    /** Marks the run's verdict pending and evaluates it in the background. */
    void schedule(String runId, String reason) {
        Run run = runs.findById(runId).orElseThrow();
        runs.setVerdict(runId, new RunVerdict(PENDING, run.verdict() == null ? null : run.verdict().verdictId(),
                "evaluation pending (" + reason + ")", clock.instant()));
        worker.submit(() -> {
            try {
                evaluate(runId, reason);
            } catch (RuntimeException e) {
                log.error("Evaluation of run {} failed", runId, e);
                events.publishEvent(new EvaluationFailed(runId, reason, e));
                storeFailure(runId, reason, e);
            }
        });
    }

    /** Evaluates a run now and stores the verdict. */
    public synchronized Verdict evaluate(String runId, String reason) {
        Run run = runs.findById(runId).orElseThrow(() -> ApiException.notFound("No run with id " + runId));
        if (run.status() == RunStatus.RUNNING) {
            throw ApiException.conflict("Run " + run.runId() + " is still running: end it first");
        }
        Verdict previous = latest(run).orElse(null);
        Verdict verdict = judge(run, reason);
        verdicts.insert(verdict);
        runs.setVerdict(run.id(), new RunVerdict(verdict.status().name(), verdict.id(), verdict.summary(), verdict.evaluatedAt()));
        log.info("Run {} ({}) judged {}: {}", run.runId(), run.series(), verdict.status(), verdict.summary());
        events.publishEvent(new VerdictReady(runs.findById(runId).orElse(run), verdict, previous));
        return verdict;
    }

    private Verdict judge(Run run, String reason) {
        String id = new ObjectId().toHexString();
        Instant now = clock.instant();
        boolean manuallyInvalid = run.status() == RunStatus.INVALID
                && (run.statusReason() == null || !run.statusReason().startsWith(VALIDITY_PREFIX));
        if (run.status() == RunStatus.ABORTED || manuallyInvalid) {
            String why = run.status() == RunStatus.ABORTED ? "the run was aborted" : "the run was marked invalid";
            String detail = why + (run.statusReason() == null ? "" : ": " + run.statusReason());
            return new Verdict(id, run.id(), now, reason, CheckStatus.INVALID, "fail", "INVALID: " + detail,
                    null, null, null, new Verdict.Validity(false, List.of(detail)), List.of(), List.of());
        }
        Optional<GateDefinition> found = definitions.find(run.system(), run.workload(), run.environment());
        if (found.isEmpty()) {
            String detail = "no checks are defined for " + run.series() + " (add a file to " + definitions.directory() + ")";
            return new Verdict(id, run.id(), now, reason, CheckStatus.INCONCLUSIVE, "fail", "INCONCLUSIVE: " + detail,
                    null, null, null, new Verdict.Validity(true, List.of()), List.of(), List.of());
        }
        GateDefinition gate = found.get();
        RunResults runResults = results.find(run.id()).orElse(null);
        List<String> invalid = Validity.problems(gate.validity(), run, runResults);
        if (!invalid.isEmpty()) {
            runs.setStatus(run.id(), RunStatus.INVALID, VALIDITY_PREFIX + String.join("; ", invalid));
            return new Verdict(id, run.id(), now, reason, CheckStatus.INVALID, "fail",
                    "INVALID: " + String.join("; ", invalid), gate.file(), gate.version(), gate.baseline().name().toLowerCase(),
                    new Verdict.Validity(false, invalid), List.of(), List.of());
        }
        if (run.status() == RunStatus.INVALID) {
            runs.setStatus(run.id(), RunStatus.COMPLETED, null);
        }
        History history = history(run, gate);
        Run profileBaseline = history.profileBaseline(gate);
        ProfileEvidence.Evidence evidence = profiles.collect(gate, run, runResults, profileBaseline,
                profileBaseline == null ? null : results.find(profileBaseline.id()).orElse(null));
        List<CheckResult> checks = new ArrayList<>();
        for (CheckDefinition check : gate.checks()) {
            for (ValueResolver.Resolved resolved : values.resolve(gate, check, run, runResults, evidence)) {
                String key = key(check.fingerprint(), resolved.request());
                BaselineValue baseline = history.baseline(gate, key);
                CheckResult result = Evaluator.evaluate(check, resolved.request(), resolved.measurement(), baseline,
                        history.growth(key));
                checks.add(Explanations.attach(result, check, evidence));
            }
        }
        CheckStatus status = overall(checks);
        String gateResult = gateResult(status, checks, gate.inconclusive());
        return new Verdict(id, run.id(), now, reason, status, gateResult, summary(status, checks), gate.file(),
                gate.version(), gate.baseline().name().toLowerCase(), new Verdict.Validity(true, List.of()), checks,
                evidence.summaries());
    }

    static CheckStatus overall(List<CheckResult> checks) {
        if (checks.stream().anyMatch(c -> c.status() == CheckStatus.FAIL)) {
            return CheckStatus.FAIL;
        }
        if (checks.stream().anyMatch(c -> c.status() == CheckStatus.INCONCLUSIVE)) {
            return CheckStatus.INCONCLUSIVE;
        }
        if (checks.stream().anyMatch(c -> c.status() == CheckStatus.WARN)) {
            return CheckStatus.WARN;
        }
        return CheckStatus.PASS;
    }

    /** What CI does: FAIL fails, WARN warns, INCONCLUSIVE as the definition's policy says (default: fail). */
    static String gateResult(CheckStatus status, List<CheckResult> checks, GateDefinition.InconclusivePolicy policy) {
        return switch (status) {
            case PASS -> "pass";
            case WARN -> "warn";
            case FAIL, INVALID -> "fail";
            case INCONCLUSIVE -> switch (policy) {
                case FAIL -> "fail";
                case WARN -> "warn";
                case PASS -> checks.stream().anyMatch(c -> c.status() == CheckStatus.WARN) ? "warn" : "pass";
            };
        };
    }

    static String summary(CheckStatus status, List<CheckResult> checks) {
        List<CheckResult> notPassing = checks.stream().filter(c -> c.status() != CheckStatus.PASS).toList();
        if (notPassing.isEmpty()) {
            return "PASS: all " + checks.size() + " checks passed";
        }
        return status + ": " + notPassing.size() + " of " + checks.size() + " checks did not pass: "
                + notPassing.stream().map(c -> c.status() + " " + c.message()).collect(Collectors.joining(" | "));
    }

    private void storeFailure(String runId, String reason, RuntimeException e) {
        Verdict verdict = new Verdict(new ObjectId().toHexString(), runId, clock.instant(), reason, CheckStatus.INCONCLUSIVE,
                "fail", "INCONCLUSIVE: evaluation failed: " + e.getMessage(), null, null, null,
                new Verdict.Validity(true, List.of()), List.of(), List.of());
        verdicts.insert(verdict);
        runs.setVerdict(runId, new RunVerdict(verdict.status().name(), verdict.id(), verdict.summary(), verdict.evaluatedAt()));
    }

    public Optional<Verdict> latest(Run run) {
        if (run.verdict() == null || run.verdict().verdictId() == null) {
            return Optional.empty();
        }
        return verdicts.findById(run.verdict().verdictId());
    }

    static String key(String fingerprint, String request) {
        return request == null ? fingerprint : fingerprint + "|" + request;
    }

    /** The judged runs before this one, newest first, with their latest verdicts. */
    private History history(Run run, GateDefinition gate) {
        int depth = Math.max(20, Math.max(gate.noiseRuns(), gate.baselineRuns()) * 3);
        List<Run> earlier = runs.completedBefore(run.series(), run.startedAt(), depth);
        Map<String, Verdict> byId = new HashMap<>();
        List<String> ids = earlier.stream().map(Run::verdict).filter(v -> v != null && v.verdictId() != null)
                .map(RunVerdict::verdictId).toList();
        verdicts.findAllById(ids).forEach(v -> byId.put(v.id(), v));
        List<History.Judged> judged = new ArrayList<>();
        for (Run r : earlier) {
            Verdict v = r.verdict() == null ? null : byId.get(r.verdict().verdictId());
            if (v != null && v.status() != CheckStatus.INVALID) {
                judged.add(new History.Judged(r, v));
            }
        }
        BaselinePin pin = mongo.findById(run.series().toString(), BaselinePin.class);
        return new History(judged, pin, gate.noiseRuns(), gate.baselineRuns());
    }

    /** A run's earlier judged runs, and the baselines and noise they give. */
    record History(List<Judged> runs, BaselinePin pin, int noiseRuns, int baselineRuns) {

        record Judged(Run run, Verdict verdict) {
            Double value(String key) {
                for (CheckResult c : verdict.checks()) {
                    if (key(c.fingerprint(), c.request()).equals(key) && c.value() != null) {
                        return c.value();
                    }
                }
                return null;
            }

            /** How this run stands for one check (a reviewed run stands as its review says). */
            GrowthHistory.Standing standing(String key) {
                if (run.review() != null) {
                    return good() ? GrowthHistory.Standing.GOOD : GrowthHistory.Standing.REGRESSED;
                }
                CheckResult check = verdict.checks().stream().filter(c -> key(c.fingerprint(), c.request()).equals(key))
                        .findFirst().orElse(null);
                return GrowthHistory.Standing.of(check, good());
            }

            /** Passing (suspected checks aside), or its regression accepted: may stand for the normal state of the series. */
            boolean good() {
                RegressionReview review = run.review();
                if (review != null) {
                    return review.decision() == RegressionReview.Decision.ACCEPTED;
                }
                return verdict.status() != CheckStatus.FAIL && verdict.checks().stream()
                        .noneMatch(c -> c.regression() && (c.noise() == null || !c.noise().suspected()));
            }
        }

        BaselineValue baseline(GateDefinition gate, String key) {
            return switch (gate.baseline()) {
                case PREVIOUS -> growth(key).previous();
                case PINNED -> pinned(key) != null ? pinned(key) : growth(key).previous();
                case MEDIAN -> growth(key).median(baselineRuns);
            };
        }

        /** The run whose profiles this run's are compared with: the pinned run, the newest good run (median), else the previous. */
        Run profileBaseline(GateDefinition gate) {
            if (gate.baseline() == GateDefinition.BaselineStrategy.PINNED && pin != null) {
                for (Judged j : runs) {
                    if (j.run().id().equals(pin.runId())) {
                        return j.run();
                    }
                }
            }
            if (gate.baseline() == GateDefinition.BaselineStrategy.MEDIAN) {
                return runs.stream().filter(Judged::good).map(Judged::run).findFirst().orElse(null);
            }
            return runs.isEmpty() ? null : runs.get(0).run();
        }

        private BaselineValue pinned(String key) {
            if (pin == null) {
                return null;
            }
            for (Judged j : runs) {
                if (j.run().id().equals(pin.runId())) {
                    Double value = j.value(key);
                    return value == null ? null : new BaselineValue(j.run().id(), "pinned run " + j.run().runId(), value);
                }
            }
            return null;
        }

        /** This check's earlier runs with a value, newest first, and how each stands: the evaluator's history. */
        GrowthHistory growth(String key) {
            List<GrowthHistory.Past> past = new ArrayList<>();
            for (Judged j : runs) {
                Double value = j.value(key);
                if (value != null) {
                    past.add(new GrowthHistory.Past(j.run().id(), j.run().runId(), value, j.standing(key)));
                }
            }
            return new GrowthHistory(past, noiseRuns);
        }
    }

    /** Waits up to a timeout for a run's pending evaluation to finish. */
    public Run awaitVerdict(String runId, Duration timeout) {
        Instant deadline = clock.instant().plus(timeout);
        while (true) {
            Run run = runs.findById(runId).orElseThrow(() -> ApiException.notFound("No run with id " + runId));
            boolean pending = run.verdict() == null ? run.isEnded() : PENDING.equals(run.verdict().status());
            if (!pending || !clock.instant().isBefore(deadline)) {
                return run;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return run;
            }
        }
    }
}

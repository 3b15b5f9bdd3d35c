package dev.perfgate.ops;

import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.perfgate.check.Verdict;
import dev.perfgate.check.VerdictService;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunCreated;
import dev.perfgate.run.RunEnded;

/**
 * PerfGate's own counters and histograms, kept from the run and verdict events. Labels are the
 * series' names (system, workload, environment: configuration-like, bounded) and enum values;
 * never a run id.
 */
@Component
class OpsMetrics {

    /** The reasons of evaluations PerfGate starts by itself; a re-evaluation on request has its own. */
    static final Set<String> AUTOMATIC_REASONS = Set.of("run ended", "results attached");

    private static final Duration[] EVALUATION_BUCKETS = {Duration.ofMillis(10), Duration.ofMillis(25),
            Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
            Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10),
            Duration.ofSeconds(30), Duration.ofSeconds(60)};
    private static final Duration[] DELAY_BUCKETS = {Duration.ofMillis(100), Duration.ofMillis(250),
            Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
            Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(60), Duration.ofSeconds(120),
            Duration.ofSeconds(300), Duration.ofSeconds(900)};

    private final MeterRegistry registry;
    private final Clock clock;
    private final Counter evaluationFailures;
    private final Timer evaluationDuration;
    private final Timer verdictDelay;

    OpsMetrics(MeterRegistry registry, Clock clock) {
        this.registry = registry;
        this.clock = clock;
        this.evaluationFailures = Counter.builder("perfgate.evaluation.failures")
                .description("Background evaluations that threw (each stores an INCONCLUSIVE verdict)")
                .register(registry);
        // registered at start, so dashboards and alerts see 0 rather than no series
        this.evaluationDuration = Timer.builder("perfgate.evaluation.duration")
                .description("Time to judge a run: validity, checks, store").serviceLevelObjectives(EVALUATION_BUCKETS)
                .register(registry);
        this.verdictDelay = Timer.builder("perfgate.verdict.delay")
                .description("From a run's end to its first automatic verdict, queueing included")
                .serviceLevelObjectives(DELAY_BUCKETS).register(registry);
    }

    @EventListener
    void onRunCreated(RunCreated event) {
        Run run = event.run();
        count("perfgate.runs.recorded", "Runs recorded, by series and trigger",
                series(run).and("trigger", lower(run.trigger())));
    }

    @EventListener
    void onRunEnded(RunEnded event) {
        Run run = event.run();
        count("perfgate.runs.ended", "Runs ended, by series and status (completed, aborted)",
                series(run).and("status", lower(run.status())));
    }

    @EventListener
    void onVerdict(VerdictService.VerdictReady event) {
        Run run = event.run();
        Verdict verdict = event.verdict();
        count("perfgate.verdicts", "Verdicts stored, by series, status and gate result", series(run)
                .and("status", lower(verdict.status()), "gate", verdict.gate() == null ? "null" : verdict.gate().value()));
        Duration took = Duration.between(verdict.evaluatedAt(), clock.instant());
        if (!took.isNegative()) {
            evaluationDuration.record(took);
        }
        if (run.endedAt() != null && AUTOMATIC_REASONS.contains(verdict.reason()) && event.previous() == null) {
            Duration delay = Duration.between(run.endedAt(), clock.instant());
            if (!delay.isNegative()) {
                verdictDelay.record(delay);
            }
        }
    }

    @EventListener
    void onEvaluationFailed(VerdictService.EvaluationFailed event) {
        evaluationFailures.increment();
    }

    /** Adds one to the counter with these tags. */
    private void count(String name, String description, Tags tags) {
        Counter.builder(name).description(description).tags(tags).register(registry).increment();
    }

    /** The tags naming a run's series. */
    private static Tags series(Run run) {
        return Tags.of("system", run.system(), "workload", run.workload(), "environment", run.environment());
    }

    private static String lower(Enum<?> value) {
        return value == null ? "none" : value.name().toLowerCase(Locale.ROOT);
    }
}

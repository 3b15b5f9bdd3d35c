package dev.perfgate.ops;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunCreated;
import dev.perfgate.run.RunEnded;
import dev.perfgate.run.RunRepository;

/**
 * {@code perfgate_runs_in_progress{system, workload, environment, trigger}}: the runs still running,
 * read from the store (so every PerfGate instance reports the same: take max, not sum). Triggered runs
 * are those with trigger="ui". A series with no running run disappears rather than staying at 0.
 */
@Component
class RunsInProgress {

    /** More running runs than this means something ends none of them; the gauge counts up to it. */
    static final int MAX_COUNTED = 10_000;
    private static final Logger log = LoggerFactory.getLogger(RunsInProgress.class);

    private final RunRepository runs;
    private final MultiGauge gauge;

    RunsInProgress(RunRepository runs, MeterRegistry registry) {
        this.runs = runs;
        this.gauge = MultiGauge.builder("perfgate.runs.in.progress")
                .description("Runs not ended yet, by series and trigger (from the store)")
                .register(registry);
    }

    @Scheduled(initialDelayString = "${perfgate.ops.in-progress-refresh-ms:15000}",
            fixedDelayString = "${perfgate.ops.in-progress-refresh-ms:15000}")
    void refresh() {
        try {
            publish(count(runs.running(MAX_COUNTED)));
        } catch (RuntimeException e) {
            log.warn("Cannot count the running runs: {}", e.getMessage());
        }
    }

    @EventListener({RunCreated.class, RunEnded.class})
    void onChange() {
        refresh();
    }

    /** Running runs by their labels: system, workload, environment, trigger. */
    static Map<Tags, Long> count(List<Run> running) {
        return running.stream().collect(Collectors.groupingBy(run -> Tags.of("system", run.system(),
                "workload", run.workload(), "environment", run.environment(),
                "trigger", run.trigger() == null ? "none" : run.trigger().name().toLowerCase(Locale.ROOT)),
                Collectors.counting()));
    }

    private void publish(Map<Tags, Long> counts) {
        gauge.register(counts.entrySet().stream()
                .map(e -> MultiGauge.Row.of(e.getKey(), e.getValue()))
                .collect(Collectors.toList()), true);
    }
}

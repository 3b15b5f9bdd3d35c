package dev.perfgate.ops;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import lombok.RequiredArgsConstructor;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
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
 * Between two reads the counts follow this instance's creates and ends in memory: re-reading every running run
 * on each create and end made those calls scan the runs (on the embedded store), and re-registering every series'
 * gauge made them queue for the meter registry's lock; now a create or end touches its own series' gauge only.
 */
@Component
@RequiredArgsConstructor
class RunsInProgress {

    /** More running runs than this means something ends none of them; the gauge counts up to it. */
    static final int MAX_COUNTED = 10_000;
    private static final Logger log = LoggerFactory.getLogger(RunsInProgress.class);

    /** A series' gauge and the value it reads. */
    private record Shown(AtomicLong value, Gauge gauge) {
    }

    private final RunRepository runs;
    private final MeterRegistry registry;
    private final Map<Tags, Long> counts = new HashMap<>();
    private final Map<Tags, Shown> shown = new HashMap<>();

    @Scheduled(initialDelayString = "${perfgate.ops.in-progress-refresh-ms:15000}",
            fixedDelayString = "${perfgate.ops.in-progress-refresh-ms:15000}")
    void refresh() {
        try {
            Map<Tags, Long> stored = count(runs.running(MAX_COUNTED));
            synchronized (this) {
                counts.clear();
                counts.putAll(stored);
                for (Tags key : new HashSet<>(shown.keySet())) {
                    show(key);
                }
                counts.keySet().forEach(this::show);
            }
        } catch (RuntimeException e) {
            log.warn("Cannot count the running runs: {}", e.getMessage());
        }
    }

    @EventListener
    synchronized void onCreated(RunCreated event) {
        show(add(counts, event.run(), 1));
    }

    @EventListener
    synchronized void onEnded(RunEnded event) {
        show(add(counts, event.run(), -1));
    }

    /** Counts one run more or less in its series and trigger, and returns their tags; a count that reaches 0 is dropped. */
    static Tags add(Map<Tags, Long> counts, Run run, long delta) {
        Tags key = tags(run);
        long count = counts.getOrDefault(key, 0L) + delta;
        if (count > 0) {
            counts.put(key, count);
        } else {
            counts.remove(key);
        }
        return key;
    }

    /** Running runs by their labels: system, workload, environment, trigger. */
    static Map<Tags, Long> count(List<Run> running) {
        return running.stream().collect(Collectors.groupingBy(RunsInProgress::tags, Collectors.counting()));
    }

    private static Tags tags(Run run) {
        return Tags.of("system", run.system(), "workload", run.workload(), "environment", run.environment(),
                "trigger", run.trigger() == null ? "none" : run.trigger().name().toLowerCase(Locale.ROOT));
    }

    /** Shows one series' count: its gauge is registered when it first has a running run and removed at 0. */
    private void show(Tags key) {
        Long count = counts.get(key);
        Shown current = shown.get(key);
        if (count == null) {
            if (current != null) {
                registry.remove(current.gauge());
                shown.remove(key);
            }
            return;
        }
        if (current == null) {
            AtomicLong value = new AtomicLong();
            current = new Shown(value, Gauge.builder("perfgate.runs.in.progress", value, AtomicLong::get)
                    .description("Runs not ended yet, by series and trigger (from the store)").tags(key)
                    .strongReference(true).register(registry));
            shown.put(key, current);
        }
        current.value().set(count);
    }
}

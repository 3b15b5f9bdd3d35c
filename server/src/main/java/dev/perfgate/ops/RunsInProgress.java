package dev.perfgate.ops;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunCreated;
import dev.perfgate.run.RunEnded;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunStatus;
import dev.perfgate.system.StoreChoice;

/**
 * {@code perfgate_runs_in_progress{system, workload, environment, trigger}}: the runs still running,
 * read from the store (so every PerfGate instance reports the same: take max, not sum). Triggered runs
 * are those with trigger="ui". A series with no running run disappears rather than staying at 0.
 * Between two reads the counts follow this instance's creates and ends in memory: re-reading every running run
 * on each create and end made those calls scan the runs (on the embedded store), and re-registering every series'
 * gauge made them queue for the meter registry's lock; now a create or end touches its own series' gauge only.
 * <p>
 * On a store other instances may share, each refresh reads the running runs (the {@code status_startedAt} index
 * answers it on MongoDB). On the embedded store, which only this instance writes to, the first refresh reads them and
 * later ones re-read only the runs counted, by id: the embedded store answers a query on {@code status} by scanning
 * every run (it ignores non-unique indexes): 2–3.6 s at 50,000 runs, and a server nobody called used a fifth of a
 * core for it.
 * A run ended without this instance's event (a failure between storing the end and announcing it) is dropped at the
 * next refresh either way.
 */
@Component
class RunsInProgress {

    /** More running runs than this means something ends none of them; the gauge counts up to it. */
    static final int MAX_COUNTED = 10_000;
    private static final Logger log = LoggerFactory.getLogger(RunsInProgress.class);

    /** A series' gauge and the value it reads. */
    private record Shown(AtomicLong value, Gauge gauge) {
    }

    private final RunRepository runs;
    private final MeterRegistry registry;
    /** The embedded store: no other instance creates or ends runs in it. */
    private final boolean storeOfItsOwn;
    /** The runs counted, by id, with their series' tags. */
    private final Map<String, Tags> running = new HashMap<>();
    private final Map<Tags, Long> counts = new HashMap<>();
    private final Map<Tags, Shown> shown = new HashMap<>();
    /** Creates and ends announced while a refresh reads the store, which its answer may not reflect yet. */
    private final Map<String, Tags> createdDuringRead = new HashMap<>();
    private final Set<String> endedDuringRead = new HashSet<>();
    private boolean reading;
    private boolean readAll;
    /** One refresh at a time (the schedule's, or a test's). */
    private final Object refreshing = new Object();

    @Autowired
    RunsInProgress(RunRepository runs, MeterRegistry registry, StoreChoice store) {
        this(runs, registry, store.embedded());
    }

    RunsInProgress(RunRepository runs, MeterRegistry registry, boolean storeOfItsOwn) {
        this.runs = runs;
        this.registry = registry;
        this.storeOfItsOwn = storeOfItsOwn;
    }

    /** Whether the store is this instance's own (the embedded one): then a refresh re-reads the counted runs only. */
    boolean storeOfItsOwn() {
        return storeOfItsOwn;
    }

    @Scheduled(initialDelayString = "${perfgate.ops.in-progress-refresh-ms:15000}",
            fixedDelayString = "${perfgate.ops.in-progress-refresh-ms:15000}")
    void refresh() {
        synchronized (refreshing) {
            refreshOnce();
        }
    }

    private void refreshOnce() {
        boolean all;
        List<String> counted;
        synchronized (this) {
            all = !storeOfItsOwn || !readAll;
            counted = all ? List.of() : new ArrayList<>(running.keySet());
            reading = true;
            createdDuringRead.clear();
            endedDuringRead.clear();
        }
        try {
            List<Run> stored = all ? runs.running(MAX_COUNTED)
                    : runs.findAllById(counted).stream().filter(run -> run.status() == RunStatus.RUNNING).toList();
            synchronized (this) {
                if (all) {
                    running.clear();
                    stored.forEach(run -> running.put(run.id(), tags(run)));
                    running.putAll(createdDuringRead);
                    running.keySet().removeAll(endedDuringRead);
                    readAll = true;
                } else {
                    Set<String> still = stored.stream().map(Run::id).collect(Collectors.toSet());
                    counted.stream().filter(id -> !still.contains(id)).forEach(running::remove);
                }
                counts.clear();
                counts.putAll(count(running.values()));
                for (Tags key : new HashSet<>(shown.keySet())) {
                    show(key);
                }
                counts.keySet().forEach(this::show);
            }
        } catch (RuntimeException e) {
            log.warn("Cannot count the running runs: {}", e.getMessage());
        } finally {
            synchronized (this) {
                reading = false;
            }
        }
    }

    @EventListener
    synchronized void onCreated(RunCreated event) {
        Run run = event.run();
        Tags key = tags(run);
        if (reading) {
            createdDuringRead.put(run.id(), key);
        }
        if (running.size() < MAX_COUNTED && running.put(run.id(), key) == null) {
            show(add(counts, key, 1));
        }
    }

    @EventListener
    synchronized void onEnded(RunEnded event) {
        String id = event.run().id();
        if (reading) {
            endedDuringRead.add(id);
            createdDuringRead.remove(id);
        }
        Tags key = running.remove(id);
        if (key != null) {
            show(add(counts, key, -1));
        }
    }

    /** Counts one run more or less in its series and trigger, and returns their tags; a count that reaches 0 is dropped. */
    static Tags add(Map<Tags, Long> counts, Tags key, long delta) {
        long count = counts.getOrDefault(key, 0L) + delta;
        if (count > 0) {
            counts.put(key, count);
        } else {
            counts.remove(key);
        }
        return key;
    }

    /** Running runs by their labels: system, workload, environment, trigger. */
    static Map<Tags, Long> count(Collection<Tags> running) {
        return running.stream().collect(Collectors.groupingBy(key -> key, Collectors.counting()));
    }

    static Tags tags(Run run) {
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

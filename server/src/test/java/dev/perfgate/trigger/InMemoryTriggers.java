package dev.perfgate.trigger;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import dev.perfgate.run.Series;

/**
 * The trigger store in memory for unit tests, with the store's semantics: a lock is a unique insert, an update only
 * touches an unfinished trigger. Counts the snapshot writes. The real stores run {@link TriggerStoreContract}.
 */
class InMemoryTriggers extends TriggerRepository {

    final Map<String, StoredTrigger> triggers = new ConcurrentHashMap<>();
    final Map<String, String> locks = new ConcurrentHashMap<>();
    final AtomicInteger updates = new AtomicInteger();

    InMemoryTriggers() {
        super(null);
    }

    @Override
    void ensureIndexes() {
    }

    @Override
    void insert(StoredTrigger trigger) {
        if (triggers.putIfAbsent(trigger.id(), trigger) != null) {
            throw new IllegalStateException("duplicate trigger " + trigger.id());
        }
    }

    @Override
    boolean update(StoredTrigger trigger) {
        updates.incrementAndGet();
        StoredTrigger before = triggers.get(trigger.id());
        if (before == null || before.finished()) {
            return false;
        }
        triggers.put(trigger.id(), trigger);
        return true;
    }

    @Override
    boolean fail(String id, String message, Instant at, Instant reservedUntil) {
        StoredTrigger t = triggers.get(id);
        if (t == null || t.finished()) {
            return false;
        }
        triggers.put(id, new StoredTrigger(t.id(), t.runner(), t.system(), t.workload(), t.environment(), t.version(),
                t.users(), t.durationSeconds(), t.rampUpSeconds(), t.requestedBy(), t.requestedAt(),
                Progress.State.FAILED, true, message, t.elapsedSeconds(), t.requests(), t.errors(), t.runId(),
                t.runLabel(), t.verdict(), t.verdictSummary(), t.log(), t.owner(), at, t.loadPid(), t.loadStartedAt(),
                reservedUntil));
        return true;
    }

    @Override
    Optional<StoredTrigger> find(String id) {
        return Optional.ofNullable(triggers.get(id));
    }

    @Override
    List<StoredTrigger> recent(int limit) {
        return triggers.values().stream().sorted(Comparator.comparing(StoredTrigger::requestedAt).reversed())
                .limit(limit).toList();
    }

    @Override
    List<StoredTrigger> unfinished(int limit) {
        return new ArrayList<>(triggers.values().stream().filter(t -> !t.finished()).limit(limit).toList());
    }

    @Override
    void delete(String id) {
        triggers.remove(id);
    }

    @Override
    boolean lock(Series series, String triggerId, Instant at) {
        return locks.putIfAbsent(series.toString(), triggerId) == null;
    }

    @Override
    Optional<String> lockHolder(Series series) {
        return Optional.ofNullable(locks.get(series.toString()));
    }

    @Override
    void unlock(Series series, String triggerId) {
        locks.remove(series.toString(), triggerId);
    }
}

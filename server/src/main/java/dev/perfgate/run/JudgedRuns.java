package dev.perfgate.run;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;

import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Repository;

import dev.perfgate.system.DaemonThreads;
import dev.perfgate.system.IdLookup;
import dev.perfgate.system.LogSafe;

/**
 * The newest judged runs of each series, read without scanning the runs: what baselines and alerts read on every
 * verdict. The embedded store serves only queries on {@code _id} (and exact unique keys) from an index and scans the
 * collection for everything else, so the runs of a series started before a moment ({@link RunRepository#completedBefore})
 * cost a read of every run stored, under the collection's lock; at 10,000 runs that is most of a verdict's time.
 *
 * <p>Kept in the collection {@code judgedRuns}, by {@code _id} only: per series a log of the runs listed, one small
 * document per run ({@code <series>#<n>}, n = 1, 2, …), each taken by a unique insert of the next number (the one step
 * every supported store makes atomic under concurrency, so two instances listing at once lose nothing), and a snapshot
 * ({@code <series>#snapshot}): the newest {@code capacity} listed runs by start as of log entry n, rewritten now and
 * then. A reader takes the snapshot and the log entries after it (a read of a few ids). A run is listed before its
 * first verdict is stored ({@link #add}), so every judged run of the series newer than the snapshot's oldest is in it;
 * when the slice cannot answer (an old run judged again, more runs marked invalid than it holds) the runs are scanned
 * as before.
 *
 * <p>A series judged before this existed gets its slice from a scan. Once per store, at start, one scan of the judged
 * runs gives every such series its slice, and then a marker ({@value #EVERY_RUN_LISTED}) says that every judged run
 * is listed: from then on a new series starts from an empty slice without a scan. Before, the first verdict of every
 * new series read every run stored, on every store without secondary indexes (the embedded one, FerretDB).
 */
@Repository
public class JudgedRuns {

    private static final Logger log = LoggerFactory.getLogger(JudgedRuns.class);

    static final String COLLECTION = "judgedRuns";
    /** The marker's {@code _id}: every run judged in this store is listed (no series name starts with {@code #}). */
    static final String EVERY_RUN_LISTED = "#every-judged-run-listed";
    private static final int PROBE = 16;
    private static final int SNAPSHOT_EVERY = 8;
    private static final Comparator<Entry> NEWEST_FIRST = Comparator.comparing(Entry::startedAt)
            .thenComparing(Entry::id).reversed();

    /** A listed run: its id and start. */
    record Entry(String id, Instant startedAt) {
    }

    /** The newest listed runs of a series as of log entry {@code version}; complete when none was ever dropped. */
    record Slice(long version, List<Entry> newestFirst, boolean complete, long snapshotVersion) {
    }

    private static final int SERIES_REMEMBERED = 1024;

    private final MongoTemplate mongo;
    private final IdLookup byIds;
    private final int capacity;
    /** Seen the marker: once true, stays true. */
    private volatile boolean everyRunListed;
    /**
     * The slice each series was last read or written at here: {@link #add} starts from it (the verdict's history read
     * it a moment before) instead of reading it again. One that is stale costs nothing wrong: the insert of its next
     * number fails and the slice is read, or the run is listed twice, which a read folds into one.
     */
    private final Map<Series, Slice> lastSeen = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Series, Slice> eldest) {
            return size() > SERIES_REMEMBERED;
        }
    });

    JudgedRuns(MongoTemplate mongo, IdLookup byIds, @Value("${perfgate.judging.history-slice:256}") int capacity) {
        this.mongo = mongo;
        this.byIds = byIds;
        this.capacity = capacity;
    }

    /** Lists an ended run of its series (before its verdict is stored); nothing when it is listed already. */
    public void add(Run run) {
        Entry entry = new Entry(run.id(), run.startedAt().truncatedTo(ChronoUnit.MILLIS));
        Slice seen = lastSeen.remove(run.series());
        for (int attempt = 0; attempt < 100; attempt++) {
            Slice slice = attempt == 0 && seen != null ? seen : read(run.series());
            if (slice.newestFirst().contains(entry)
                    || !slice.complete() && slice.newestFirst().size() >= capacity
                    && NEWEST_FIRST.compare(entry, slice.newestFirst().get(capacity - 1)) > 0) {
                return; // listed, or older than every run the slice keeps
            }
            long next = slice.version() + 1;
            try {
                mongo.insert(new Document("_id", logId(run.series(), next)).append("run", entry.id())
                        .append("startedAt", Date.from(entry.startedAt())), COLLECTION);
            } catch (DuplicateKeyException another) {
                continue; // another caller listed a run meanwhile: read again
            }
            Slice now = apply(slice, List.of(entry), next);
            if (next - slice.snapshotVersion() >= SNAPSHOT_EVERY) {
                saveSnapshot(run.series(), now);
                now = new Slice(now.version(), now.newestFirst(), now.complete(), now.version());
            }
            lastSeen.put(run.series(), now);
            return;
        }
        throw new IllegalStateException("Could not list run " + run.id() + " in " + run.series() + " (100 attempts)");
    }

    /**
     * The completed, judged runs of a series started before a moment, newest first, up to a limit: from the slice
     * when it can answer, else by a scan of the runs.
     */
    public List<Run> before(Series series, Instant before, int limit) {
        Slice slice = read(series);
        List<String> candidates = slice.newestFirst().stream().filter(e -> e.startedAt().isBefore(before))
                .map(Entry::id).toList();
        List<Run> found = new ArrayList<>();
        int chunk = Math.max(limit * 2, 8);
        for (int from = 0; from < candidates.size() && found.size() < limit; from += chunk) {
            List<String> ids = candidates.subList(from, Math.min(candidates.size(), from + chunk));
            Map<String, Run> byId = new HashMap<>();
            for (Run run : byIds.find(mongo, ids, Run.class)) {
                byId.put(run.id(), run);
            }
            for (String id : ids) {
                Run run = byId.get(id);
                if (run != null && run.status() == RunStatus.COMPLETED && run.verdict() != null
                        && run.verdict().verdictId() != null && found.size() < limit) {
                    found.add(run);
                }
            }
        }
        if (found.size() >= limit || slice.complete()) {
            return found;
        }
        return scan(series, before, limit);
    }

    /** The judged completed runs by a scan of the runs (the slice could not answer). */
    List<Run> scan(Series series, Instant before, int limit) {
        return mongo.find(Query.query(series(series).and("status").is(RunStatus.COMPLETED).and("startedAt").lt(before)
                .and("verdict.verdictId").ne(null)).with(RunRepository.NEWEST_FIRST).limit(limit), Run.class);
    }

    /** The series' slice now: its snapshot and the log entries after it; built from a scan when it has none. */
    Slice read(Series series) {
        Document stored = mongo.findById(snapshotId(series), Document.class, COLLECTION);
        Slice slice = stored == null ? new Slice(0, List.of(), true, 0) : fromSnapshot(stored);
        boolean logged = false;
        while (true) {
            long from = slice.version() + 1;
            List<Object> ids = IntStream.range(0, PROBE).mapToObj(i -> (Object) logId(series, from + i)).toList();
            List<Document> entries = byIds.leading(mongo, ids, COLLECTION);
            if (entries.isEmpty()) {
                break;
            }
            logged = true;
            Map<Long, Entry> byVersion = new HashMap<>();
            for (Document d : entries) {
                String id = d.getString("_id");
                byVersion.put(Long.parseLong(id.substring(id.lastIndexOf('#') + 1)),
                        new Entry(d.getString("run"), d.getDate("startedAt").toInstant()));
            }
            long version = slice.version();
            List<Entry> added = new ArrayList<>();
            while (byVersion.containsKey(version + 1)) {
                added.add(byVersion.get(++version));
            }
            slice = apply(slice, added, version);
            if (byVersion.size() < PROBE) {
                break;
            }
        }
        if (stored == null && !logged) {
            slice = build(series);
        }
        lastSeen.put(series, slice);
        return slice;
    }

    /**
     * The first slice of a series: empty once the store is marked (every judged run is listed, so the series has
     * none), else from one scan of its judged runs (those judged before the slice existed); the snapshot at version
     * 0, inserted only when none is there (else the one there is read).
     */
    private Slice build(Series series) {
        List<Entry> entries = everyRunListed() ? List.of() : judgedOf(series);
        Slice slice = firstSlice(entries);
        try {
            mongo.insert(snapshot(series, slice), COLLECTION);
            return slice;
        } catch (DuplicateKeyException built) {
            return read(series);
        }
    }

    /** The newest judged runs of a series (up to one more than a slice keeps), by a scan of the runs. */
    List<Entry> judgedOf(Series series) {
        Query judged = Query.query(series(series).and("status").ne(RunStatus.RUNNING).and("verdict.verdictId").ne(null))
                .with(RunRepository.NEWEST_FIRST).limit(capacity + 1);
        judged.fields().include("_id", "startedAt");
        return mongo.find(judged, Document.class, mongo.getCollectionName(Run.class)).stream()
                .map(d -> new Entry(String.valueOf(d.get("_id")), d.getDate("startedAt").toInstant())).toList();
    }

    /** At start, in the background: the store's unlisted series get their slices, once (then the marker is there). */
    @EventListener(ApplicationReadyEvent.class)
    void listAtStart() {
        DaemonThreads.named("perfgate-judged-runs").newThread(() -> {
            try {
                listEveryJudgedRun();
            } catch (RuntimeException e) {
                // the next start tries again; until then a new series' first verdict scans, as before
                log.warn("Could not list the runs judged before this version (the next start tries again): {}",
                        LogSafe.of(e.toString()));
            }
        }).start();
    }

    /**
     * Gives every series that has judged runs and no slice its slice, from one scan of the judged runs, then marks the
     * store: every judged run is listed. Nothing when the marker is there. A run judged meanwhile is listed by its
     * verdict ({@link #add}), which builds the series' slice itself when it comes first: one snapshot per series wins.
     */
    void listEveryJudgedRun() {
        if (everyRunListed()) {
            return;
        }
        listSeriesWithoutSlice();
        try {
            mongo.insert(new Document("_id", EVERY_RUN_LISTED).append("at", new Date()), COLLECTION);
        } catch (DuplicateKeyException markedMeanwhile) {
            // another instance listed them too
        }
        everyRunListed = true;
    }

    /** One scan of the judged runs: a snapshot for each series that has none; returns how many were written. */
    int listSeriesWithoutSlice() {
        Query judged = Query.query(Criteria.where("status").ne(RunStatus.RUNNING).and("verdict.verdictId").ne(null));
        judged.fields().include("_id", "system", "workload", "environment", "startedAt");
        Map<Series, List<Entry>> bySeries = new HashMap<>();
        for (Document d : mongo.find(judged, Document.class, mongo.getCollectionName(Run.class))) {
            bySeries.computeIfAbsent(new Series(d.getString("system"), d.getString("workload"), d.getString("environment")),
                    s -> new ArrayList<>()).add(new Entry(String.valueOf(d.get("_id")), d.getDate("startedAt").toInstant()));
        }
        int written = 0;
        for (Map.Entry<Series, List<Entry>> series : bySeries.entrySet()) {
            List<Entry> entries = series.getValue();
            try {
                mongo.insert(snapshot(series.getKey(), firstSlice(entries)), COLLECTION);
                written++;
            } catch (DuplicateKeyException listed) {
                // it has its slice
            }
        }
        if (written > 0) {
            log.info("Listed the judged runs of {} series in one scan (judged before their slices existed)", written);
        }
        return written;
    }

    private boolean everyRunListed() {
        if (!everyRunListed) {
            everyRunListed = mongo.findById(EVERY_RUN_LISTED, Document.class, COLLECTION) != null;
        }
        return everyRunListed;
    }

    /** A series' slice at version 0 from its judged runs (any order): the newest it keeps. */
    private Slice firstSlice(List<Entry> judged) {
        return apply(new Slice(0, List.of(), judged.size() <= capacity, 0), judged, 0);
    }

    private void saveSnapshot(Series series, Slice slice) {
        mongo.save(snapshot(series, slice), COLLECTION);
    }

    private Slice apply(Slice slice, List<Entry> added, long version) {
        List<Entry> all = new ArrayList<>(slice.newestFirst());
        boolean complete = slice.complete();
        for (Entry entry : added) {
            if (!all.contains(entry)) {
                all.add(entry);
            }
        }
        all.sort(NEWEST_FIRST);
        if (all.size() > capacity) {
            all = new ArrayList<>(all.subList(0, capacity));
            complete = false;
        }
        return new Slice(version, List.copyOf(all), complete, slice.snapshotVersion());
    }

    private Document snapshot(Series series, Slice slice) {
        List<Document> runs = slice.newestFirst().stream()
                .map(e -> new Document("run", e.id()).append("startedAt", Date.from(e.startedAt()))).toList();
        return new Document("_id", snapshotId(series)).append("version", slice.version())
                .append("complete", slice.complete()).append("runs", runs);
    }

    private static Slice fromSnapshot(Document stored) {
        List<Entry> entries = stored.getList("runs", Document.class).stream()
                .map(d -> new Entry(d.getString("run"), d.getDate("startedAt").toInstant())).toList();
        long version = ((Number) stored.get("version")).longValue();
        return new Slice(version, entries, Objects.requireNonNullElse(stored.getBoolean("complete"), false), version);
    }

    private static String snapshotId(Series series) {
        return series + "#snapshot";
    }

    private static String logId(Series series, long version) {
        return series + "#" + version;
    }

    private static Criteria series(Series series) {
        return Criteria.where("system").is(series.system()).and("workload").is(series.workload())
                .and("environment").is(series.environment());
    }
}

package dev.perfgate.check;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.bson.types.ObjectId;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Repository;

import dev.perfgate.run.Run;
import dev.perfgate.system.AtomicUpdates;
import dev.perfgate.system.Claims;
import dev.perfgate.system.Intake;
import dev.perfgate.system.StoreChoice;

/**
 * Judging as durable work in the store: one job per run until its verdict is stored. A job is claimed by a unique
 * insert (the one step every supported store makes atomic under concurrency, FerretDB included) of its next claim
 * number, then leased; a lease that runs out (the instance died) lets another instance take the job over. Within a
 * series a job waits while an earlier-started run of the series still has one: a run's baseline is judged first.
 * <p>
 * The embedded store belongs to this process alone, so no other instance takes its jobs: there the open jobs are
 * also held here ({@link OpenJobs}), read from the store once and kept beside it. The store still gets every job when
 * it is queued and loses it when its verdict is stored (a restart after a crash finds it there), but taking a job
 * and its lease cost no store call (23.9 → 20.7 store calls a verdict). The backlog's count ({@link #waiting()})
 * still reads the store: the intake's pacing is measured with that count (bench/README.md).
 */
@Repository
class JudgingQueue implements Intake.Backlog {

    /** The open jobs one claim reads, oldest first (a longer queue: the later ones wait for these to go). */
    private static final int OPEN_READ = 512;

    /** The shared connections: queueing happens in the API's calls. */
    private final MongoTemplate mongo;
    /** The workers' own connections: taking, finishing and retrying jobs. */
    private final MongoTemplate workers;
    private final AtomicUpdates atomic;
    private final Claims claims;
    private final Clock clock;
    /** The open jobs on the embedded store; null on MongoDB, where every instance reads them from the store. */
    private final OpenJobs open;

    JudgingQueue(MongoTemplate mongo, JudgingConnections connections, Claims claims, Clock clock, StoreChoice store) {
        this.mongo = mongo;
        this.claims = claims;
        this.clock = clock;
        this.workers = connections.template();
        this.atomic = new AtomicUpdates(workers);
        this.open = store.embedded() ? new OpenJobs() : null;
    }

    /** Indexes for taking the next job and for the order within a series (MongoDB; the embedded store scans the few open jobs). */
    void ensureIndexes() {
        mongo.indexOps(JudgingJob.class).createIndex(new Index().on("due", Sort.Direction.ASC).named("due"));
        mongo.indexOps(JudgingJob.class).createIndex(new Index().on("series", Sort.Direction.ASC)
                .on("startedAt", Sort.Direction.ASC).named("series_startedAt"));
    }

    /** Queues the judgement of an ended run unless it is queued already; its verdict gets a fixed id. */
    boolean addIfAbsent(Run run, String verdictId, String reason, Instant now) {
        JudgingJob job = new JudgingJob(run.id(), run.series().toString(), run.startedAt(), verdictId,
                new ObjectId().toHexString(), reason, now, 0, null, null, 0, null);
        try {
            mongo.insert(job);
        } catch (DuplicateKeyException queued) {
            return false;
        }
        if (open != null) {
            open.added(job);
        }
        return true;
    }

    /** Queues a new judgement of a run (e.g. results arrived after its end), replacing a queued one. */
    void request(Run run, String verdictId, String reason, Instant now) {
        if (!addIfAbsent(run, verdictId, reason, now)) {
            mongo.updateFirst(byId(run.id()), new Update().set("verdictId", verdictId).set("reason", reason)
                    .set("due", now).set("failures", 0), JudgingJob.class);
            if (open != null) {
                open.requested(run.id(), verdictId, reason, now);
            }
        }
    }

    /** Jobs due now, taken or not: the ended runs waiting for their verdicts (new runs wait while there are many). */
    @Override
    public long waiting() {
        return mongo.count(Query.query(Criteria.where("due").lte(clock.instant())), JudgingJob.class);
    }

    /**
     * Takes the oldest due job whose series has no earlier job, for a lease; empty when none is free. One read of the
     * oldest open jobs answers both (an earlier job of a series is older, so it is among them), then the claim is
     * inserted and the lease taken in one find-and-modify.
     */
    Optional<JudgingJob> claim(String owner, Instant now, Duration lease) {
        if (open != null) {
            return open.claim(owner, now, lease);
        }
        Query oldest = new Query().with(Sort.by("startedAt", "_id")).limit(OPEN_READ);
        Set<String> seriesAhead = new HashSet<>();
        for (JudgingJob job : workers.find(oldest, JudgingJob.class)) {
            boolean first = seriesAhead.add(job.series());
            if (!first || job.due().isAfter(now) || job.leaseUntil() != null && !job.leaseUntil().isBefore(now)
                    || !takeClaim(job, now, lease)) {
                continue;
            }
            Query unchanged = Query.query(Criteria.where("_id").is(job.id()).and("claims").is(job.claims()));
            Update take = new Update().set("claims", job.claims() + 1).set("owner", owner).set("leaseUntil", now.plus(lease));
            Optional<JudgingJob> taken = atomic.updateAndGet(unchanged, take, JudgingJob.class, false);
            if (taken.isPresent()) {
                return taken;
            }
        }
        return Optional.empty();
    }

    /** Removes a held job once its verdict is stored; false when it was requested again meanwhile (then it is freed). */
    boolean done(JudgingJob job) {
        Query same = Query.query(Criteria.where("_id").is(job.id()).and("verdictId").is(job.verdictId()));
        if (workers.remove(same, JudgingJob.class).getDeletedCount() == 1) {
            if (open != null) {
                open.removed(job);
            }
            return true;
        }
        if (open != null) {
            // requested again meanwhile: the job as the store has it now (the request's step here may still be coming)
            open.refreshed(job, workers.findById(job.id(), JudgingJob.class));
            return false;
        }
        workers.updateFirst(held(job), new Update().set("owner", null).set("leaseUntil", null), JudgingJob.class);
        return false;
    }

    /** Puts a held job back to be tried again at {@code next}, with the error of this attempt. */
    void retry(JudgingJob job, Instant next, String error) {
        if (open != null) {
            workers.updateFirst(byId(job.id()), new Update().set("due", next).inc("failures", 1).set("lastError", error),
                    JudgingJob.class);
            open.freed(job, next, error);
            return;
        }
        workers.updateFirst(held(job), new Update().set("due", next).set("owner", null).set("leaseUntil", null)
                .inc("failures", 1).set("lastError", error), JudgingJob.class);
    }

    /** Hands back every job an instance holds (at shutdown), due at once. */
    void releaseAll(String owner, Instant now) {
        if (open != null) {
            open.releaseAll(owner, now);
            return;
        }
        workers.updateMulti(Query.query(Criteria.where("owner").is(owner)),
                new Update().set("owner", null).set("leaseUntil", null).set("due", now), JudgingJob.class);
    }

    /**
     * Takes the job's next claim. A claim taken already whose lease ran out is stale: its instance died between
     * claiming and taking the lease, and would block the job (and its series) for ever; it is dropped, and the claim
     * decides again between those who saw it stale.
     */
    private boolean takeClaim(JudgingJob job, Instant now, Duration lease) {
        String id = "judge:" + job.token() + ":" + (job.claims() + 1);
        if (claims.take(workers, id, now)) {
            return true;
        }
        Optional<Instant> at = claims.madeAt(workers, id);
        if (at.isEmpty() || !at.get().plus(lease).isBefore(now)) {
            return false;
        }
        claims.drop(workers, id, at.get());
        return claims.take(workers, id, now);
    }

    /** Reads the open jobs from the store again (the embedded store's, after something else changed them there). */
    void reload() {
        if (open != null) {
            open.reload();
        }
    }

    private static Query held(JudgingJob job) {
        return Query.query(Criteria.where("_id").is(job.id()).and("claims").is(job.claims()));
    }

    private static Query byId(String id) {
        return Query.query(Criteria.where("_id").is(id));
    }

    /**
     * The embedded store's open jobs, in the order they are taken (the run's start, then its id), each as the store
     * has it but for the token, claims, owner and lease, which only this process needs. Read from the store at first
     * use (a new process: a lease the store still has is no one's now), then kept in step by this queue's own
     * changes, the store's first. One lock: every step is a few map operations.
     */
    private final class OpenJobs {

        private final Map<String, JudgingJob> byId = new HashMap<>();
        private final TreeSet<JudgingJob> ordered = new TreeSet<>(Comparator.comparing(JudgingJob::startedAt,
                Comparator.nullsFirst(Comparator.naturalOrder())).thenComparing(JudgingJob::id));
        private boolean loaded;

        synchronized void reload() {
            loaded = false;
            load();
        }

        private void load() {
            if (loaded) {
                return;
            }
            byId.clear();
            ordered.clear();
            for (JudgingJob job : workers.find(new Query(), JudgingJob.class)) {
                // claims of a new token: none this process took before can stand in the way
                put(new JudgingJob(job.id(), job.series(), job.startedAt(), job.verdictId(), new ObjectId().toHexString(),
                        job.reason(), job.due(), 0, null, null, job.failures(), job.lastError()));
            }
            loaded = true;
        }

        private void put(JudgingJob job) {
            JudgingJob before = byId.put(job.id(), job);
            if (before != null) {
                ordered.remove(before);
            }
            ordered.add(job);
        }

        synchronized void added(JudgingJob job) {
            load();
            put(job);
        }

        synchronized void requested(String id, String verdictId, String reason, Instant due) {
            load();
            JudgingJob job = byId.get(id);
            if (job != null) {
                put(new JudgingJob(id, job.series(), job.startedAt(), verdictId, job.token(), reason, due, job.claims(),
                        job.owner(), job.leaseUntil(), 0, job.lastError()));
            }
        }

        synchronized Optional<JudgingJob> claim(String owner, Instant now, Duration lease) {
            load();
            Set<String> seriesAhead = new HashSet<>();
            for (JudgingJob job : ordered) {
                boolean first = seriesAhead.add(job.series());
                if (!first || job.due().isAfter(now) || job.leaseUntil() != null && !job.leaseUntil().isBefore(now)
                        || !takeClaim(job, now, lease)) {
                    continue;
                }
                JudgingJob taken = new JudgingJob(job.id(), job.series(), job.startedAt(), job.verdictId(), job.token(),
                        job.reason(), job.due(), job.claims() + 1, owner, now.plus(lease), job.failures(), job.lastError());
                put(taken);
                return Optional.of(taken);
            }
            return Optional.empty();
        }

        /** A job done: gone, unless it was queued anew meanwhile (another verdict id). */
        synchronized void removed(JudgingJob job) {
            JudgingJob now = byId.get(job.id());
            if (now != null && now.verdictId().equals(job.verdictId())) {
                byId.remove(job.id());
                ordered.remove(now);
            }
        }

        /** A held job handed back as the store has it now ({@code stored}; null: gone). */
        synchronized void refreshed(JudgingJob held, JudgingJob stored) {
            JudgingJob now = byId.get(held.id());
            if (now != null && now.claims() != held.claims()) {
                return;
            }
            if (stored == null) {
                if (now != null) {
                    byId.remove(now.id());
                    ordered.remove(now);
                }
                return;
            }
            put(new JudgingJob(stored.id(), stored.series(), stored.startedAt(), stored.verdictId(), held.token(),
                    stored.reason(), stored.due(), held.claims(), null, null, stored.failures(), stored.lastError()));
        }

        /** A held job handed back to be tried again at {@code due}, one more failure and its error. */
        synchronized void freed(JudgingJob job, Instant due, String error) {
            JudgingJob now = byId.get(job.id());
            if (now == null || now.claims() != job.claims()) {
                return;
            }
            put(new JudgingJob(now.id(), now.series(), now.startedAt(), now.verdictId(), now.token(), now.reason(), due,
                    now.claims(), null, null, now.failures() + 1, error));
        }

        synchronized void releaseAll(String owner, Instant now) {
            for (JudgingJob job : List.copyOf(ordered)) {
                if (owner.equals(job.owner())) {
                    put(new JudgingJob(job.id(), job.series(), job.startedAt(), job.verdictId(), job.token(), job.reason(),
                            now, job.claims(), null, null, job.failures(), job.lastError()));
                }
            }
        }
    }
}

package dev.perfgate.check;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

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

/**
 * Judging as durable work in the store: one job per run until its verdict is stored. A job is claimed by a unique
 * insert (the one step every supported store makes atomic under concurrency, FerretDB included) of its next claim
 * number, then leased; a lease that runs out (the instance died) lets another instance take the job over. Within a
 * series a job waits while an earlier-started run of the series still has one: a run's baseline is judged first.
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

    JudgingQueue(MongoTemplate mongo, JudgingConnections connections, Claims claims, Clock clock) {
        this.mongo = mongo;
        this.claims = claims;
        this.clock = clock;
        this.workers = connections.template();
        this.atomic = new AtomicUpdates(workers);
    }

    /** Indexes for taking the next job and for the order within a series (MongoDB; the embedded store scans the few open jobs). */
    void ensureIndexes() {
        mongo.indexOps(JudgingJob.class).createIndex(new Index().on("due", Sort.Direction.ASC).named("due"));
        mongo.indexOps(JudgingJob.class).createIndex(new Index().on("series", Sort.Direction.ASC)
                .on("startedAt", Sort.Direction.ASC).named("series_startedAt"));
    }

    /** Queues the judgement of an ended run unless it is queued already; its verdict gets a fixed id. */
    boolean addIfAbsent(Run run, String verdictId, String reason, Instant now) {
        try {
            mongo.insert(new JudgingJob(run.id(), run.series().toString(), run.startedAt(), verdictId,
                    new ObjectId().toHexString(), reason, now, 0,
                    null, null, 0, null));
            return true;
        } catch (DuplicateKeyException queued) {
            return false;
        }
    }

    /** Queues a new judgement of a run (e.g. results arrived after its end), replacing a queued one. */
    void request(Run run, String verdictId, String reason, Instant now) {
        if (!addIfAbsent(run, verdictId, reason, now)) {
            mongo.updateFirst(byId(run.id()), new Update().set("verdictId", verdictId).set("reason", reason)
                    .set("due", now).set("failures", 0), JudgingJob.class);
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
            return true;
        }
        workers.updateFirst(held(job), new Update().set("owner", null).set("leaseUntil", null), JudgingJob.class);
        return false;
    }

    /** Puts a held job back to be tried again at {@code next}, with the error of this attempt. */
    void retry(JudgingJob job, Instant next, String error) {
        workers.updateFirst(held(job), new Update().set("due", next).set("owner", null).set("leaseUntil", null)
                .inc("failures", 1).set("lastError", error), JudgingJob.class);
    }

    /** Hands back every job an instance holds (at shutdown), due at once. */
    void releaseAll(String owner, Instant now) {
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

    private static Query held(JudgingJob job) {
        return Query.query(Criteria.where("_id").is(job.id()).and("claims").is(job.claims()));
    }

    private static Query byId(String id) {
        return Query.query(Criteria.where("_id").is(id));
    }
}

package dev.perfgate.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Repository;

import dev.perfgate.system.AtomicUpdates;
import dev.perfgate.system.Claims;
import dev.perfgate.system.DocumentRepository;
import dev.perfgate.system.IdLookup;

/**
 * Stored runs. Plain finds, sorts, limits and single-document updates only: no aggregation and
 * no transactions, so the same code runs on MongoDB, FerretDB and the embedded store.
 */
@Repository
public class RunRepository extends DocumentRepository<Run> {

    static final Sort NEWEST_FIRST = Sort.by(Sort.Order.desc("startedAt"), Sort.Order.desc("_id"));

    private final AtomicUpdates atomic;
    private final Claims claims;

    RunRepository(MongoTemplate mongo, IdLookup byIds, AtomicUpdates atomic, Claims claims) {
        super(mongo, byIds, Run.class);
        this.atomic = atomic;
        this.claims = claims;
    }

    /**
     * Creates the indexes: runId unique per series (what makes run creation idempotent), a series' runs by start, and
     * the running runs.
     */
    void ensureIndexes() {
        mongo.indexOps(Run.class).createIndex(new Index()
                .on("system", Sort.Direction.ASC).on("workload", Sort.Direction.ASC)
                .on("environment", Sort.Direction.ASC).on("runId", Sort.Direction.ASC)
                .unique().named("series_runId"));
        mongo.indexOps(Run.class).createIndex(new Index()
                .on("system", Sort.Direction.ASC).on("workload", Sort.Direction.ASC)
                .on("environment", Sort.Direction.ASC).on("startedAt", Sort.Direction.DESC)
                .named("series_startedAt"));
        // the running runs (the in-progress gauge's read of a store other instances share): MongoDB answers from it
        mongo.indexOps(Run.class).createIndex(new Index()
                .on("status", Sort.Direction.ASC).on("startedAt", Sort.Direction.ASC).named("status_startedAt"));
    }

    /** Inserts a new run; throws DuplicateKeyException when its runId exists in the series. */
    Run insert(Run run) {
        return mongo.insert(run);
    }

    /** Ended runs without a verdict, or still waiting for one, up to a limit: what judging recovers at start. */
    public List<Run> unjudged(int limit) {
        Criteria ended = Criteria.where("status").ne(RunStatus.RUNNING);
        ended.orOperator(Criteria.where("verdict").is(null), Criteria.where("verdict.status").is(RunService.PENDING));
        return mongo.find(Query.query(ended).with(Sort.by("startedAt")).limit(limit), Run.class);
    }

    /** The run with the caller's runId in a series. */
    public Optional<Run> findByRunId(Series series, String runId) {
        return Optional.ofNullable(mongo.findOne(Query.query(seriesCriteria(series).and("runId").is(runId)), Run.class));
    }

    /** A page of runs, newest first, optionally of one series (any of its parts may be null) and older than a cursor run. */
    public List<Run> list(String system, String workload, String environment, Run before, int limit) {
        Criteria criteria = new Criteria();
        if (system != null) criteria.and("system").is(system);
        if (workload != null) criteria.and("workload").is(workload);
        if (environment != null) criteria.and("environment").is(environment);
        if (before != null) {
            criteria.orOperator(
                    Criteria.where("startedAt").lt(before.startedAt()),
                    new Criteria().andOperator(Criteria.where("startedAt").is(before.startedAt()),
                            Criteria.where("_id").lt(before.id())));
        }
        return mongo.find(Query.query(criteria).with(NEWEST_FIRST).limit(limit), Run.class);
    }

    /**
     * Claims the end of a run: true for exactly one caller, however many end it at once ({@link Claims}: FerretDB and
     * the embedded server do not make find-and-modify atomic).
     */
    boolean claimEnd(String id, Instant at) {
        return claims.take(mongo, "run-end:" + id, at);
    }

    /**
     * Marks a run ended and returns it as stored. Selected by id alone: the caller has just read it running, and a
     * query on any other field as well scans every run on the embedded store (it uses unique indexes only), which
     * made each end wait behind the others; {@link #claimEnd} decides which of concurrent ends announces the end.
     */
    Run markEnded(String id, RunStatus status, Instant endedAt, String reason) {
        return markEnded(id, status, endedAt, reason, null);
    }

    /**
     * Marks a run ended, with its verdict pending when {@code pending} is given, in one step (a find-and-modify by id:
     * one round trip and one commit instead of an update, a read and the pending verdict's own update).
     */
    Run markEnded(String id, RunStatus status, Instant endedAt, String reason, RunVerdict pending) {
        Update update = new Update().set("status", status).set("endedAt", endedAt).set("statusReason", reason);
        if (pending != null) {
            update.set("verdict", pending);
        }
        return atomic.updateAndGet(Query.query(Criteria.where("_id").is(id)), update, Run.class, false).orElseThrow();
    }

    /** Sets a run's status with a reason (e.g. invalid). */
    public Optional<Run> setStatus(String id, RunStatus status, String reason) {
        Update update = new Update().set("status", status).set("statusReason", reason);
        return atomic.updateAndGet(Query.query(Criteria.where("_id").is(id)), update, Run.class, false);
    }

    /** Stores the short form of a run's latest verdict. */
    public void setVerdict(String id, RunVerdict verdict) {
        mongo.updateFirst(Query.query(Criteria.where("_id").is(id)), new Update().set("verdict", verdict), Run.class);
    }

    /** Stores the short form of a run's latest verdict and returns the run as it is then; empty when it is gone. */
    public Optional<Run> setVerdictAndGet(String id, RunVerdict verdict) {
        return atomic.updateAndGet(Query.query(Criteria.where("_id").is(id)), new Update().set("verdict", verdict), Run.class,
                false);
    }

    /** Records an admin's review of a detected regression. */
    public void setReview(String id, RegressionReview review) {
        mongo.updateFirst(Query.query(Criteria.where("_id").is(id)), new Update().set("review", review), Run.class);
    }

    /** Completed runs of a series started before a moment, newest first: the candidates for a baseline. */
    public List<Run> completedBefore(Series series, Instant before, int limit) {
        Query query = Query.query(seriesCriteria(series).and("status").is(RunStatus.COMPLETED)
                .and("startedAt").lt(before)).with(NEWEST_FIRST).limit(limit);
        return mongo.find(query, Run.class);
    }

    /** The series of a system that have runs. */
    public List<Series> seriesOf(String system) {
        List<Series> series = new ArrayList<>();
        Criteria ofSystem = Criteria.where("system").is(system);
        for (String workload : mongo.findDistinct(Query.query(ofSystem), "workload", Run.class, String.class)) {
            for (String environment : mongo.findDistinct(Query.query(Criteria.where("system").is(system)
                    .and("workload").is(workload)), "environment", Run.class, String.class)) {
                series.add(new Series(system, workload, environment));
            }
        }
        return series;
    }

    /** Every run of a series, newest first, up to a limit. */
    public List<Run> ofSeries(Series series, int limit) {
        return mongo.find(Query.query(seriesCriteria(series)).with(NEWEST_FIRST).limit(limit), Run.class);
    }

    /** Runs still running, oldest first, up to a limit: what the in-progress gauges count. */
    public List<Run> running(int limit) {
        return mongo.find(Query.query(Criteria.where("status").is(RunStatus.RUNNING))
                .with(Sort.by("startedAt")).limit(limit), Run.class);
    }

    /**
     * Runs whose window [startedAt, endedAt] overlaps [from, to] (a running run reaches to now),
     * newest first, optionally of one system, workload and environment.
     */
    public List<Run> overlapping(Instant from, Instant to, String system, String workload, String environment, int limit) {
        Criteria criteria = Criteria.where("startedAt").lte(to);
        if (system != null) criteria.and("system").is(system);
        if (workload != null) criteria.and("workload").is(workload);
        if (environment != null) criteria.and("environment").is(environment);
        criteria.orOperator(Criteria.where("endedAt").gte(from), Criteria.where("status").is(RunStatus.RUNNING));
        return mongo.find(Query.query(criteria).with(NEWEST_FIRST).limit(limit), Run.class);
    }

    /**
     * The next run number of a series: a counter document (upsert + $inc), started after the runs the series has
     * when it is first needed (a run triggered from the UI after CI's runs 151–155 is 156). Not every store makes
     * this atomic under concurrency; the unique runId index does the real guarding, and callers
     * take the next number when one is taken.
     */
    long nextNumber(Series series) {
        String counterId = "run-number:" + series;
        Query counter = Query.query(Criteria.where("_id").is(counterId));
        if (!mongo.exists(counter, "counters")) {
            try {
                mongo.insert(new Document("_id", counterId).append("value", numberedSoFar(series)), "counters");
            } catch (DuplicateKeyException anotherCallerStartedIt) {
                // it starts from the same runs
            }
        }
        Document result;
        try {
            result = atomic.updateAndGet(counter, new Update().inc("value", 1L), Document.class, "counters", true).orElseThrow();
        } catch (DuplicateKeyException firstUpsertRaced) {
            // two first upserts of the counter met; the document exists now
            result = atomic.updateAndGet(counter, new Update().inc("value", 1L), Document.class, "counters", true).orElseThrow();
        }
        return ((Number) result.get("value")).longValue();
    }

    /**
     * Where a series' numbering starts when it has runs already (their ids chosen by CI, e.g. {@code 151}, or
     * {@code build-7}): after its highest numeric run id, and at least after as many runs as it has.
     */
    private long numberedSoFar(Series series) {
        Query ids = Query.query(seriesCriteria(series));
        ids.fields().include("runId");
        List<Document> runs = mongo.find(ids, Document.class, mongo.getCollectionName(Run.class));
        long highest = runs.stream().map(run -> run.getString("runId"))
                .filter(id -> id != null && id.matches("[0-9]{1,15}")).mapToLong(Long::parseLong).max().orElse(0);
        return Math.max(highest, runs.size());
    }

    private static Criteria seriesCriteria(Series series) {
        return Criteria.where("system").is(series.system()).and("workload").is(series.workload())
                .and("environment").is(series.environment());
    }
}

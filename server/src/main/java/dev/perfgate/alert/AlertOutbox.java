package dev.perfgate.alert;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import lombok.RequiredArgsConstructor;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Repository;

import dev.perfgate.ops.AlertOutboxStats;
import dev.perfgate.system.AtomicUpdates;

/**
 * The alert outbox in the store. Claims are single-document findAndModify calls on status and due time, so several
 * PerfGate instances never hold the same alert at once; every later change is conditional on still holding it.
 * Its counts are PerfGate's own metrics of the outbox ({@link AlertOutboxStats}).
 */
@Repository
@RequiredArgsConstructor
class AlertOutbox implements AlertOutboxStats {

    private static final List<AlertStatus> OPEN = List.of(AlertStatus.PENDING, AlertStatus.SENDING);

    private final MongoTemplate mongo;
    private final AtomicUpdates atomic;

    void ensureIndexes() {
        mongo.indexOps(Alert.class).createIndex(new Index().on("status", Sort.Direction.ASC)
                .on("nextAttemptAt", Sort.Direction.ASC).named("status_nextAttemptAt"));
        mongo.indexOps(Alert.class).createIndex(new Index().on("runId", Sort.Direction.ASC).named("runId"));
        mongo.indexOps(Alert.class).createIndex(new Index().on("createdAt", Sort.Direction.DESC).named("createdAt"));
    }

    /** Adds an alert; false when one with its dedupe key exists already. */
    boolean add(Alert alert) {
        try {
            mongo.insert(alert);
            return true;
        } catch (DuplicateKeyException e) {
            return false;
        }
    }

    /** Takes the most overdue open alert (pending and due, or sending with an ended lease) for a lease. */
    Optional<Alert> claim(Instant now, String owner, Duration lease) {
        Query due = Query.query(Criteria.where("status").in(OPEN).and("nextAttemptAt").lte(now))
                .with(Sort.by(Sort.Direction.ASC, "nextAttemptAt"));
        Update take = new Update().set("status", AlertStatus.SENDING).set("leaseOwner", owner)
                .set("nextAttemptAt", now.plus(lease)).inc("attempts", 1);
        return atomic.updateAndGet(due, take, Alert.class, false);
    }

    /** Marks a held alert sent; false when the lease was lost meanwhile. */
    boolean sent(Alert alert, String owner, Instant at) {
        return finish(alert, owner, new Update().set("status", AlertStatus.SENT).set("sentAt", at)
                .set("leaseOwner", null));
    }

    /** Puts a held alert back for a later attempt. */
    boolean retry(Alert alert, String owner, Instant next, String error) {
        return finish(alert, owner, new Update().set("status", AlertStatus.PENDING).set("nextAttemptAt", next)
                .set("lastError", error).set("leaseOwner", null));
    }

    /** Whether an earlier alert of the same run to the same route is still open: it goes first. */
    boolean earlierOpen(Alert alert) {
        return mongo.exists(Query.query(Criteria.where("runId").is(alert.runId()).and("route").is(alert.route())
                .and("status").in(OPEN).and("createdAt").lt(alert.createdAt())), Alert.class);
    }

    /** Puts a held alert back unsent, without counting the attempt. */
    boolean postpone(Alert alert, String owner, Instant next) {
        return finish(alert, owner, new Update().set("status", AlertStatus.PENDING).set("nextAttemptAt", next)
                .set("leaseOwner", null).inc("attempts", -1));
    }

    /** Gives up on a held alert. */
    boolean fail(Alert alert, String owner, String error) {
        return finish(alert, owner, new Update().set("status", AlertStatus.FAILED).set("lastError", error)
                .set("leaseOwner", null));
    }

    /** Hands back every alert this instance holds, due now (at shutdown). */
    long release(String owner, Instant now) {
        Query held = Query.query(Criteria.where("status").is(AlertStatus.SENDING).and("leaseOwner").is(owner));
        return mongo.updateMulti(held, new Update().set("status", AlertStatus.PENDING).set("nextAttemptAt", now)
                .set("leaseOwner", null), Alert.class).getModifiedCount();
    }

    /** How many alerts are open (pending or being sent). */
    @Override
    public long pending() {
        return mongo.count(Query.query(Criteria.where("status").in(OPEN)), Alert.class);
    }

    /** How many alerts were given up on. */
    @Override
    public long failed() {
        return mongo.count(Query.query(Criteria.where("status").is(AlertStatus.FAILED)), Alert.class);
    }

    /** Alerts newest first, optionally of one status. */
    List<Alert> list(AlertStatus status, int limit) {
        Query query = status == null ? new Query() : Query.query(Criteria.where("status").is(status));
        return mongo.find(query.with(Sort.by(Sort.Direction.DESC, "createdAt")).limit(limit), Alert.class);
    }

    private boolean finish(Alert alert, String owner, Update update) {
        Query held = Query.query(Criteria.where("_id").is(alert.id()).and("status").is(AlertStatus.SENDING)
                .and("leaseOwner").is(owner));
        return mongo.updateFirst(held, update, Alert.class).getModifiedCount() == 1;
    }
}

package dev.perfgate.trigger;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import lombok.RequiredArgsConstructor;

import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Repository;

import dev.perfgate.run.Series;

/**
 * Triggered runs in the store (collection {@code triggers}) and the one-per-series locks ({@code seriesLocks}).
 * Snapshot updates only touch unfinished triggers, so a late write never revives one.
 *
 * <p>A lock is a series' generation: one document per taking, {@code _id} series and generation, never deleted, only
 * marked freed. Taking a series inserts the generation after the newest one, and only when that one is freed. A unique
 * insert is the only step every supported store keeps atomic under concurrency (FerretDB's conditional delete and
 * update are not), so of any number of takers exactly one gets each generation; and freeing touches only the holder's
 * own generation, so a late free can never release the lock of whoever took the series after it.
 */
@Repository
@RequiredArgsConstructor
class TriggerRepository {

    static final String LOCKS = "seriesLocks";
    private static final Sort NEWEST_FIRST = Sort.by(Sort.Order.desc("requestedAt"), Sort.Order.desc("_id"));

    private final MongoTemplate mongo;

    /** Creates the indexes: newest first for the trigger page, unfinished ones for the sweep after a restart. */
    void ensureIndexes() {
        mongo.indexOps(StoredTrigger.class).createIndex(new Index().on("requestedAt", Sort.Direction.DESC)
                .named("requestedAt"));
        mongo.indexOps(StoredTrigger.class).createIndex(new Index().on("finished", Sort.Direction.ASC)
                .named("finished"));
        mongo.indexOps(LOCKS).createIndex(new Index().on("series", Sort.Direction.ASC)
                .on("generation", Sort.Direction.DESC).named("series_generation"));
    }

    /** Stores a new trigger. */
    void insert(StoredTrigger trigger) {
        mongo.insert(trigger);
    }

    /** Replaces the snapshot of a trigger that is unfinished in the store; false when it is finished there already. */
    boolean update(StoredTrigger trigger) {
        Document fields = new Document();
        mongo.getConverter().write(trigger, fields);
        fields.remove("_id");
        fields.remove("_class");
        Update update = new Update();
        fields.forEach(update::set);
        return mongo.updateFirst(unfinished(trigger.id()), update, StoredTrigger.class).getMatchedCount() == 1;
    }

    /** Marks an unfinished trigger failed with the reason; false when it had finished already. */
    boolean fail(String id, String message, Instant at) {
        return fail(id, message, at, null);
    }

    /** As {@link #fail(String, String, Instant)}, the series reserved until {@code reservedUntil} (null: not). */
    boolean fail(String id, String message, Instant at, Instant reservedUntil) {
        Update failed = new Update().set("state", Progress.State.FAILED).set("finished", true).set("message", message)
                .set("savedAt", at).set("reservedUntil", reservedUntil);
        return mongo.updateFirst(unfinished(id), failed, StoredTrigger.class).getMatchedCount() == 1;
    }

    /** The trigger with this id. */
    Optional<StoredTrigger> find(String id) {
        return Optional.ofNullable(mongo.findById(id, StoredTrigger.class));
    }

    /** The newest triggers, up to a limit. */
    List<StoredTrigger> recent(int limit) {
        return mongo.find(new Query().with(NEWEST_FIRST).limit(limit), StoredTrigger.class);
    }

    /** Triggers not finished in the store, oldest first, up to a limit. */
    List<StoredTrigger> unfinished(int limit) {
        return mongo.find(Query.query(Criteria.where("finished").is(false)).with(Sort.by("requestedAt")).limit(limit),
                StoredTrigger.class);
    }

    /** Removes a trigger that never started (refused). */
    void delete(String id) {
        mongo.remove(Query.query(Criteria.where("_id").is(id)), StoredTrigger.class);
    }

    /** Takes the series for a trigger: true for exactly one of any number of concurrent callers, none while held. */
    boolean lock(Series series, String triggerId, Instant at) {
        Optional<Document> newest = newestLock(series);
        if (newest.isPresent() && !newest.get().getBoolean("freed", false)) {
            return false;
        }
        long generation = newest.map(lock -> ((Number) lock.get("generation")).longValue() + 1).orElse(1L);
        try {
            mongo.insert(new Document("_id", series + "#" + generation).append("series", series.toString())
                    .append("generation", generation).append("triggerId", triggerId).append("lockedAt", at)
                    .append("freed", false), LOCKS);
            return true;
        } catch (DuplicateKeyException taken) {
            return false;
        }
    }

    /** The id of the trigger holding the series, if one does. */
    Optional<String> lockHolder(Series series) {
        return newestLock(series).filter(lock -> !lock.getBoolean("freed", false))
                .map(lock -> lock.getString("triggerId"));
    }

    /** Frees the series if this trigger holds it: only its own generation, so never a lock taken after it. */
    void unlock(Series series, String triggerId) {
        mongo.updateMulti(Query.query(Criteria.where("series").is(series.toString()).and("triggerId").is(triggerId)),
                new Update().set("freed", true), LOCKS);
    }

    private Optional<Document> newestLock(Series series) {
        return Optional.ofNullable(mongo.findOne(Query.query(Criteria.where("series").is(series.toString()))
                .with(Sort.by(Sort.Direction.DESC, "generation")).limit(1), Document.class, LOCKS));
    }

    private static Query unfinished(String id) {
        return Query.query(Criteria.where("_id").is(id).and("finished").is(false));
    }
}

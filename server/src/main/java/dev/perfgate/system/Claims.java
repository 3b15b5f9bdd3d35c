package dev.perfgate.system;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Claims: ids taken once to decide which of several callers does something, e.g. {@code run-end:<run>} for the end
 * that announces a run's end and {@code judge:<job>:<n>} for the worker that takes a judging attempt. On MongoDB and
 * FerretDB a claim is a document in the {@code claims} collection, taken by a unique insert (the one step every
 * supported store makes atomic under concurrency, whichever instance calls). The embedded store belongs to this
 * process alone, so every caller that can race for a claim is in this JVM: there a claim is an entry in a map, and
 * taking it costs no store round trip and no commit of the store's file (two or three a run before).
 * <p>
 * A claim only matters while the race it decides can happen (milliseconds for an end, a judging lease for an
 * attempt), so each carries its time and those older than {@link #KEPT} are removed every hour: about a day of
 * claims is kept instead of two or three for every run ever judged.
 */
@Component
public class Claims {

    public static final String COLLECTION = "claims";
    /** How long a claim is kept: far beyond any race it decides (the judging lease is a minute). */
    static final Duration KEPT = Duration.ofDays(1);
    private static final Logger log = LoggerFactory.getLogger(Claims.class);

    private final MongoTemplate mongo;
    private final Clock clock;
    /** The claims of the embedded store; null on MongoDB, where they are documents. */
    private final Map<String, Instant> inProcess;

    Claims(MongoTemplate mongo, Clock clock, StoreChoice store) {
        this.mongo = mongo;
        this.clock = clock;
        this.inProcess = store.embedded() ? new ConcurrentHashMap<>() : null;
    }

    /** Takes the claim {@code id} made at {@code at} ({@code through} that store's connections); true for exactly one caller. */
    public boolean take(MongoTemplate through, String id, Instant at) {
        if (inProcess != null) {
            return inProcess.putIfAbsent(id, at) == null;
        }
        try {
            through.insert(new Document("_id", id).append("at", Date.from(at)), COLLECTION);
            return true;
        } catch (DuplicateKeyException taken) {
            return false;
        }
    }

    /** When the claim {@code id} was made; empty when nobody holds it (or it held no time). */
    public Optional<Instant> madeAt(MongoTemplate through, String id) {
        if (inProcess != null) {
            return Optional.ofNullable(inProcess.get(id));
        }
        Document claim = through.findById(id, Document.class, COLLECTION);
        Date at = claim == null ? null : claim.getDate("at");
        return Optional.ofNullable(at).map(Date::toInstant);
    }

    /** Removes the claim {@code id} if it is still the one made at {@code at} (a stale claim), so it can be taken again. */
    public void drop(MongoTemplate through, String id, Instant at) {
        if (inProcess != null) {
            inProcess.remove(id, at);
            return;
        }
        through.remove(Query.query(Criteria.where("_id").is(id).and("at").is(Date.from(at))), COLLECTION);
    }

    /**
     * Removes the claims older than {@link #KEPT}, and those without a time (end claims written before claims had
     * one); returns how many. First an hour after the start (not among a start's own work), then hourly.
     */
    @Scheduled(initialDelayString = "${perfgate.claims.prune-every-ms:3600000}",
            fixedDelayString = "${perfgate.claims.prune-every-ms:3600000}")
    public long prune() {
        Instant before = clock.instant().minus(KEPT);
        try {
            long removed = 0;
            if (inProcess != null) {
                int size = inProcess.size();
                inProcess.values().removeIf(at -> at.isBefore(before));
                removed = size - inProcess.size();
            }
            // on the embedded store: the claims a PerfGate before this one stored there
            removed += mongo.remove(Query.query(new Criteria().orOperator(Criteria.where("at").lt(Date.from(before)),
                    Criteria.where("at").exists(false))), COLLECTION).getDeletedCount();
            log.debug("Removed {} claims made before {}", removed, before);
            return removed;
        } catch (RuntimeException e) {
            log.warn("Cannot remove old claims (tried again in an hour): {}", e.toString());
            return 0;
        }
    }
}

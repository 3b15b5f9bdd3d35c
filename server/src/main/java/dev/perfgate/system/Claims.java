package dev.perfgate.system;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

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
 * The {@code claims} collection: ids inserted once to decide which of several callers does something (a unique insert
 * is the one step every supported store makes atomic under concurrency), e.g. {@code run-end:<run>} for the end that
 * announces a run's end and {@code judge:<job>:<n>} for the instance that takes a judging attempt. A claim only
 * matters while the race it decides can happen (milliseconds for an end, a judging lease for an attempt), so each
 * carries its time in {@code at} and those older than {@link #KEPT} are removed every hour: the collection holds
 * about a day of claims instead of two or three for every run ever judged.
 */
@Component
public class Claims {

    public static final String COLLECTION = "claims";
    /** How long a claim is kept: far beyond any race it decides (the judging lease is a minute). */
    static final Duration KEPT = Duration.ofDays(1);
    private static final Logger log = LoggerFactory.getLogger(Claims.class);

    private final MongoTemplate mongo;
    private final Clock clock;

    Claims(MongoTemplate mongo, Clock clock) {
        this.mongo = mongo;
        this.clock = clock;
    }

    /** Inserts the claim {@code id} made at {@code at} through {@code store}; true for exactly one caller. */
    public static boolean insert(MongoTemplate store, String id, Instant at) {
        try {
            store.insert(new Document("_id", id).append("at", Date.from(at)), COLLECTION);
            return true;
        } catch (DuplicateKeyException taken) {
            return false;
        }
    }

    /**
     * Removes the claims older than {@link #KEPT}, and those without a time (end claims written before claims had
     * one); returns how many. First an hour after the start (not among a start's own work), then hourly.
     */
    @Scheduled(initialDelayString = "${perfgate.claims.prune-every-ms:3600000}",
            fixedDelayString = "${perfgate.claims.prune-every-ms:3600000}")
    public long prune() {
        Date before = Date.from(clock.instant().minus(KEPT));
        try {
            long removed = mongo.remove(Query.query(new Criteria().orOperator(Criteria.where("at").lt(before),
                    Criteria.where("at").exists(false))), COLLECTION).getDeletedCount();
            log.debug("Removed {} claims made before {}", removed, before);
            return removed;
        } catch (RuntimeException e) {
            log.warn("Cannot remove old claims (tried again in an hour): {}", e.toString());
            return 0;
        }
    }
}

package dev.perfgate.run;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Optional;

import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import dev.perfgate.system.ApiException;

/**
 * Runs whose client died. {@code perfgate run} reports every {@link #HEARTBEAT} that its load test still runs
 * ({@code POST /api/v1/runs/{id}/heartbeat}); a run whose client reported and then fell silent for
 * {@code perfgate.runs.abandon-after} (10 minutes) is ended as aborted, at the time of its last report and with the
 * reason, instead of staying "running" for ever (in the runs list, the in-progress gauge, a trigger of its series).
 * A run whose client never reports (the API called directly, {@code perfgate start} … {@code end}, a soak test that
 * runs for days) is never ended here. A heartbeat is a document {@code {_id: run id, at}} in {@value #COLLECTION},
 * removed once its run is seen ended.
 */
@Component
class AbandonedRuns {

    static final String COLLECTION = "heartbeats";
    /** How often {@code perfgate run} reports; the client's interval, named here for the bound below. */
    static final Duration HEARTBEAT = Duration.ofSeconds(30);
    private static final Logger log = LoggerFactory.getLogger(AbandonedRuns.class);

    private final MongoTemplate mongo;
    private final RunService runs;
    private final RunRepository repository;
    private final Clock clock;
    private final Duration abandonAfter;

    AbandonedRuns(MongoTemplate mongo, RunService runs, RunRepository repository, Clock clock,
            @Value("${perfgate.runs.abandon-after:10m}") Duration abandonAfter) {
        if (abandonAfter.compareTo(HEARTBEAT.multipliedBy(3)) < 0) {
            throw new IllegalStateException("perfgate.runs.abandon-after must be at least " + HEARTBEAT.multipliedBy(3)
                    .toSeconds() + "s (three times the " + HEARTBEAT.toSeconds() + " s between a client's reports); it is "
                    + abandonAfter);
        }
        this.mongo = mongo;
        this.runs = runs;
        this.repository = repository;
        this.clock = clock;
        this.abandonAfter = abandonAfter;
    }

    /** The run's client reports that its load test still runs; 409 once the run has ended (e.g. as abandoned). */
    void beat(String id) {
        Run run = runs.get(id);
        if (run.isEnded()) {
            throw ApiException.conflict("Run " + run.runId() + " of " + run.series() + " has ended ("
                    + run.status().name().toLowerCase() + (run.statusReason() == null ? "" : ": " + run.statusReason())
                    + "); its load test is not followed any more");
        }
        mongo.upsert(Query.query(Criteria.where("_id").is(id)), new Update().set("at", Date.from(clock.instant())),
                COLLECTION);
    }

    @Scheduled(initialDelayString = "${perfgate.runs.abandon-check-ms:60000}",
            fixedDelayString = "${perfgate.runs.abandon-check-ms:60000}")
    void scheduled() {
        try {
            sweep(clock.instant());
        } catch (RuntimeException e) {
            log.warn("Cannot look for abandoned runs (tried again in a minute): {}", e.toString());
        }
    }

    /** "10 minutes", "90 s": how long a client may be silent. */
    private String silence() {
        long seconds = abandonAfter.toSeconds();
        return seconds % 60 == 0 ? seconds / 60 + (seconds == 60 ? " minute" : " minutes") : seconds + " s";
    }

    /** Ends as aborted the running runs whose client last reported before {@code now} − abandon-after; returns them. */
    List<Run> sweep(Instant now) {
        Date before = Date.from(now.minus(abandonAfter));
        List<Run> abandoned = new ArrayList<>();
        for (Document beat : mongo.find(Query.query(Criteria.where("at").lt(before)), Document.class, COLLECTION)) {
            String id = String.valueOf(beat.get("_id")); // a run's id, stored as an ObjectId when it looks like one
            Instant last = beat.getDate("at").toInstant();
            Optional<Run> run = repository.findById(id);
            if (run.isPresent() && !run.get().isEnded()) {
                String reason = "abandoned: its client (perfgate run) last reported at " + last + " and not in the "
                        + silence() + " after (perfgate.runs.abandon-after): the CI job or its machine most likely died";
                abandoned.add(runs.end(id, new EndRunRequest(EndRunRequest.Outcome.ABORTED, reason,
                        last.isBefore(run.get().startedAt()) ? run.get().startedAt() : last)));
                log.warn("Run {} of {} ended as aborted: {}", run.get().runId(), run.get().series(), reason);
            }
            // unless the client reported again meanwhile
            mongo.remove(Query.query(Criteria.where("_id").is(beat.get("_id")).and("at").is(beat.getDate("at"))),
                    COLLECTION);
        }
        return abandoned;
    }
}

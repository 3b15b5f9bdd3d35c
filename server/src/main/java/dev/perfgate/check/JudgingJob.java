package dev.perfgate.check;

import java.time.Instant;

import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A run waiting to be judged, kept in the store until its verdict is: {@code id} is the run's id, {@code verdictId}
 * the id its verdict gets (so two instances judging the same request store one verdict), {@code token} names this
 * job's claims, {@code claims} how often it was taken, {@code leaseUntil} until when the instance {@code owner} holds it.
 */
@Document("judging")
record JudgingJob(@Id String id, String series, Instant startedAt, String verdictId, String token, String reason, Instant due,
        int claims, String owner, Instant leaseUntil, int failures, String lastError) {
}

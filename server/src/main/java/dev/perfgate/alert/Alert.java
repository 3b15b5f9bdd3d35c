package dev.perfgate.alert;

import java.time.Instant;

import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * One alert in the outbox: written with the verdict, posted by the sender. The id is the dedupe key
 * (verdict id + route), so a verdict alerts a route at most once. The payload is rendered when the alert is written;
 * the route's URL and token are looked up when it is sent and never stored.
 *
 * <p>{@code nextAttemptAt} is when a PENDING alert is due, and for a SENDING one when its lease ends (after which
 * another instance may take it over).
 */
@Document("alerts")
record Alert(
        @Id String id,
        String verdictId,
        String runId,
        String run,
        String series,
        String route,
        Route.ChannelType channel,
        AlertPolicy.Kind kind,
        String headline,
        String payload,
        AlertStatus status,
        int attempts,
        Instant createdAt,
        Instant nextAttemptAt,
        Instant giveUpAt,
        String leaseOwner,
        Instant sentAt,
        String lastError) {

    static String dedupeKey(String verdictId, String route) {
        return verdictId + "/" + route;
    }
}

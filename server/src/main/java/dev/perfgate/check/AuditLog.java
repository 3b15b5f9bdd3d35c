package dev.perfgate.check;

import java.time.Clock;
import java.time.Instant;

import lombok.RequiredArgsConstructor;

import org.bson.Document;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;

/** Who did what to which run and why: pins, accepted and denied regressions, invalidations. */
@Component
@RequiredArgsConstructor
class AuditLog {

    private final MongoTemplate mongo;
    private final Clock clock;

    String actor() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication == null ? "system" : authentication.getName();
    }

    Instant record(String action, String runId, String reason) {
        Instant at = clock.instant();
        mongo.insert(new Document("at", java.util.Date.from(at)).append("actor", actor()).append("action", action)
                .append("runId", runId).append("reason", reason), "audit");
        return at;
    }
}

package dev.perfgate.system;

import lombok.RequiredArgsConstructor;

import org.bson.Document;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

/** The store answers a ping: works on MongoDB, FerretDB and the embedded server alike. */
@Component("store")
@RequiredArgsConstructor
class StoreHealthIndicator implements HealthIndicator {

    private final MongoTemplate mongo;

    @Override
    public Health health() {
        try {
            Document answer = mongo.executeCommand(new Document("ping", 1));
            return Health.up().withDetail("database", mongo.getDb().getName()).withDetail("ok", answer.get("ok")).build();
        } catch (RuntimeException e) {
            return Health.down().withDetail("error", e.getMessage()).build();
        }
    }
}

package dev.perfgate.check;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import jakarta.annotation.PreDestroy;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.mongodb.autoconfigure.MongoClientSettingsBuilderCustomizer;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.SimpleMongoClientDatabaseFactory;
import org.springframework.stereotype.Component;

/**
 * The judging workers' own few connections to the store: taking, finishing and retrying a job no longer waits for a
 * connection behind the API's request threads (JFR of 200 clients: the workers waited 67 s for the shared pool's
 * connections, so ended runs waited in the queue while the store had capacity for them). Not a MongoClient bean:
 * that would replace the application's auto-configured one; it takes the same settings (connection string, timeouts) as
 * that one, from the same customizers.
 */
@Component
class JudgingConnections {

    private final MongoClient client;
    private final MongoTemplate template;

    JudgingConnections(ObjectProvider<MongoClientSettingsBuilderCustomizer> customizers, MongoTemplate shared,
            @Value(JudgingWorkers.WORKERS) int workers) {
        MongoClientSettings.Builder settings = MongoClientSettings.builder();
        customizers.orderedStream().forEach(customizer -> customizer.customize(settings));
        this.client = MongoClients.create(settings
                .applyToConnectionPoolSettings(pool -> pool.maxSize(Math.max(1, workers) + 1))
                .build());
        this.template = new MongoTemplate(new SimpleMongoClientDatabaseFactory(client, shared.getDb().getName()),
                shared.getConverter());
    }

    MongoTemplate template() {
        return template;
    }

    @PreDestroy
    void close() {
        client.close();
    }
}

package dev.perfgate.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import org.junit.jupiter.api.Test;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Query;

import dev.perfgate.system.TestServers;

/**
 * Instances that start at once on one store (replicas of a deployment) each store the configured admin token: none
 * of them may fail its start on the others' write. On FerretDB, whose upserts race (only unique inserts are atomic).
 */
class TokenBootstrapRaceIT {

    private static final int INSTANCES = 4;
    private static final int ROUNDS = 10;

    @Test
    void shouldStartEveryInstanceWhenTheyStoreTheConfiguredAdminTokenAtOnce() throws Exception {
        List<String> failures = new ArrayList<>();
        ExecutorService starts = Executors.newFixedThreadPool(INSTANCES);
        try (MongoClient client = MongoClients.create(TestServers.ferretDbUri())) {
            for (int round = 0; round < ROUNDS; round++) {
                MongoTemplate mongo = new MongoTemplate(client, "perfgate_token_race_" + System.nanoTime());
                CountDownLatch go = new CountDownLatch(1);
                List<Future<?>> instances = new ArrayList<>();
                for (int i = 0; i < INSTANCES; i++) {
                    TokenService tokens = new TokenService(mongo, Clock.systemUTC(), "race-admin-token");
                    instances.add(starts.submit(() -> {
                        go.await();
                        tokens.bootstrapAdmin();
                        return null;
                    }));
                }
                go.countDown();
                for (Future<?> instance : instances) {
                    try {
                        instance.get();
                    } catch (ExecutionException e) {
                        failures.add("round " + round + ": " + e.getCause());
                    }
                }
                assertThat(mongo.count(new Query(), ApiToken.class))
                        .as("one stored configured token, round %d", round).isEqualTo(1);
                mongo.getDb().drop();
            }
        } finally {
            starts.shutdownNow();
        }
        assertThat(failures).isEmpty();
    }
}

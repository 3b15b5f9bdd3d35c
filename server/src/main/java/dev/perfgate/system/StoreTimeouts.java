package dev.perfgate.system;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.mongodb.autoconfigure.MongoClientSettingsBuilderCustomizer;
import org.springframework.boot.mongodb.autoconfigure.MongoConnectionDetails;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * How long one call to the store may take before PerfGate gives up on it ({@code perfgate.store.timeout}): a store
 * that stops answering (a FerretDB under a bench once went silent for 14 minutes) then gives 503s with Retry-After
 * that clients retry, and frees its request slots, instead of requests that wait for ever on a driver with no socket
 * timeout. Applied to every client of the store (the application's and the judging workers' own) unless the
 * connection string sets its own {@code socketTimeoutMS} / {@code serverSelectionTimeoutMS}.
 */
@Component
public class StoreTimeouts implements MongoClientSettingsBuilderCustomizer, Ordered {

    /** Opening a connection to a store on the network is quick or it is not coming. */
    private static final Duration CONNECT_AT_MOST = Duration.ofSeconds(10);

    private final Duration timeout;
    private final ConnectionString uri;

    StoreTimeouts(@Value("${perfgate.store.timeout:20s}") Duration timeout, MongoConnectionDetails details) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("perfgate.store.timeout must be positive (was " + timeout + ")");
        }
        this.timeout = timeout;
        this.uri = details.getConnectionString();
    }

    @Override
    public void customize(MongoClientSettings.Builder settings) {
        long millis = timeout.toMillis();
        if (uri.getSocketTimeout() == null) {
            settings.applyToSocketSettings(socket -> socket.readTimeout(millis, TimeUnit.MILLISECONDS));
        }
        if (uri.getConnectTimeout() == null) {
            settings.applyToSocketSettings(socket -> socket.connectTimeout(
                    Math.min(millis, CONNECT_AT_MOST.toMillis()), TimeUnit.MILLISECONDS));
        }
        if (uri.getServerSelectionTimeout() == null) {
            settings.applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(millis, TimeUnit.MILLISECONDS));
        }
    }

    /** After Spring Boot's own customizer, which applies the connection string. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}

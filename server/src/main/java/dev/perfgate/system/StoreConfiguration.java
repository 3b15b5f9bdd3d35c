package dev.perfgate.system;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

import com.mongodb.ConnectionString;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.mongodb.autoconfigure.MongoConnectionDetails;
import org.springframework.boot.mongodb.autoconfigure.MongoProperties;
import org.springframework.boot.mongodb.autoconfigure.PropertiesMongoConnectionDetails;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The store: MongoDB at {@code spring.mongodb.uri} (Spring Boot's connection details of its properties), or with no
 * URI the embedded default store: an in-process MongoDB wire server (mongo-java-server, H2 file backend) on loopback,
 * reached through the same official driver that production uses against MongoDB.
 * <p>
 * The choice is made in these beans when PerfGate starts, not by a condition on the configuration: the launchers
 * start PerfGate with Spring AOT ({@code -Dspring.aot.enabled=true}), whose bean definitions are fixed when the jar
 * is built, and one jar serves both stores (docs/operations.md#start-up).
 */
@Configuration(proxyBeanMethods = false)
class StoreConfiguration {

    private static final Logger log = LoggerFactory.getLogger(StoreConfiguration.class);

    @Bean(destroyMethod = "close")
    StoreChoice storeChoice(@Value("${spring.mongodb.uri:}") String uri,
            @Value("${perfgate.data-dir:./data}") String dataDir,
            @Value("${perfgate.embedded.commit-every-write:true}") boolean commitEveryWrite,
            @Value("${perfgate.embedded.worker-threads:16}") int workerThreads,
            @Value("${perfgate.embedded.cache-mb:4}") int cacheMb) throws IOException {
        if (!uri.isBlank()) {
            return new StoreChoice(null);
        }
        Path dir = Path.of(dataDir).toAbsolutePath();
        Files.createDirectories(dir);
        Path file = dir.resolve("perfgate.mv");
        // a page cache smaller than H2's 16 MB: with a commit per write, 16 MB keeps each commit's new pages long
        // enough for the JVM to promote them (bench/README.md, "The embedded store's page cache")
        MVStore mvStore = new MVStore.Builder().fileName(file.toString()).cacheSize(cacheMb).open();
        MongoServer server = new MongoServer(commitEveryWrite ? new CommittingH2Backend(mvStore)
                : new H2Backend(mvStore));
        // a write waits in its network thread for its commit, and so does every connection served by that thread:
        // more threads than the cores, so that reads do not queue behind a commit (netty's default is 2 per core)
        server.bind(new InetSocketAddress("127.0.0.1", 0), 1, workerThreads);
        InetSocketAddress address = server.getLocalAddress();
        log.info("Embedded store (mongo-java-server, H2 file {}) listening on {}. "
                + "Production should set spring.mongodb.uri to a MongoDB server.", file, address);
        return new StoreChoice(server);
    }

    @Bean
    MongoConnectionDetails storeConnectionDetails(StoreChoice store, MongoProperties properties,
            ObjectProvider<SslBundles> sslBundles, @Value("${spring.mongodb.database:perfgate}") String database) {
        if (!store.embedded()) {
            return new PropertiesMongoConnectionDetails(properties, sslBundles.getIfAvailable());
        }
        InetSocketAddress address = store.embeddedAddress().orElseThrow();
        ConnectionString uri = new ConnectionString("mongodb://127.0.0.1:" + address.getPort() + "/" + database);
        return () -> uri;
    }
}

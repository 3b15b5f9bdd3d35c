package dev.perfgate.system;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

import com.mongodb.ConnectionString;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.mongodb.autoconfigure.MongoConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * The embedded default store: with no {@code spring.mongodb.uri}, PerfGate starts an in-process
 * MongoDB wire server (mongo-java-server, H2 file backend) on loopback and talks to it through the
 * same official driver that production uses against MongoDB.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(NoMongoUriCondition.class)
class EmbeddedMongoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedMongoConfiguration.class);

    @Bean(destroyMethod = "shutdown")
    MongoServer embeddedMongoServer(@Value("${perfgate.data-dir:./data}") String dataDir,
            @Value("${perfgate.embedded.commit-every-write:true}") boolean commitEveryWrite,
            @Value("${perfgate.embedded.worker-threads:16}") int workerThreads) throws IOException {
        Path dir = Path.of(dataDir).toAbsolutePath();
        Files.createDirectories(dir);
        Path file = dir.resolve("perfgate.mv");
        MongoServer server = new MongoServer(commitEveryWrite ? new CommittingH2Backend(file.toString())
                : new H2Backend(file.toString()));
        // a write waits in its network thread for its commit, and so does every connection served by that thread:
        // more threads than the cores, so that reads do not queue behind a commit (netty's default is 2 per core)
        server.bind(new InetSocketAddress("127.0.0.1", 0), 1, workerThreads);
        InetSocketAddress address = server.getLocalAddress();
        log.info("Embedded store (mongo-java-server, H2 file {}) listening on {}. "
                + "Production should set spring.mongodb.uri to a MongoDB server.", file, address);
        return server;
    }

    @Bean
    EmbeddedStore embeddedStore() {
        return new EmbeddedStore();
    }

    @Bean
    MongoConnectionDetails embeddedMongoConnectionDetails(MongoServer server,
            @Value("${spring.mongodb.database:perfgate}") String database) {
        InetSocketAddress address = server.getLocalAddress();
        ConnectionString uri = new ConnectionString(
                "mongodb://127.0.0.1:" + address.getPort() + "/" + database);
        return () -> uri;
    }
}

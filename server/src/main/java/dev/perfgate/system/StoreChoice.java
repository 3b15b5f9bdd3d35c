package dev.perfgate.system;

import java.net.InetSocketAddress;
import java.util.Optional;

import de.bwaldvogel.mongo.MongoServer;

/**
 * Which store this PerfGate uses, chosen when it starts: MongoDB at {@code spring.mongodb.uri}, or without it the
 * embedded store, which lives in this process. No other PerfGate instance writes to the embedded store, so what this
 * instance remembers of it (e.g. which runs are running) is all there is.
 */
public final class StoreChoice {

    private final MongoServer embedded;

    StoreChoice(MongoServer embedded) {
        this.embedded = embedded;
    }

    /** Whether the store is the embedded one (this process's own). */
    public boolean embedded() {
        return embedded != null;
    }

    /** Where the embedded store listens (loopback); empty on MongoDB. */
    public Optional<InetSocketAddress> embeddedAddress() {
        return Optional.ofNullable(embedded).map(MongoServer::getLocalAddress);
    }

    void close() {
        if (embedded != null) {
            embedded.shutdown();
        }
    }
}

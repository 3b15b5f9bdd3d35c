package dev.perfgate.system;

import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import org.h2.mvstore.MVStore;

/**
 * The embedded store's H2 backend, committing every write before it is acknowledged. H2's MVStore otherwise
 * commits about once a second, so a killed PerfGate lost the writes of its last second (a run the client was told
 * exists was gone after the restart). The commit writes to the file; the operating system keeps it across a
 * killed process (not across a power cut: that is what a real MongoDB is for).
 *
 * <p>Commits are grouped: a write whose change a commit begun after it took in already is acknowledged without a
 * commit of its own. Under concurrent writes (200 CI clients) one commit covers the writes of every connection that
 * waited for it, instead of one commit after another.
 */
class CommittingH2Backend extends H2Backend {

    private static final Set<String> WRITES = Set.of("insert", "update", "delete", "findandmodify", "createindexes",
            "drop", "dropindexes", "dropdatabase");

    /** Writes applied so far, numbered in the order they were applied. */
    private final AtomicLong applied = new AtomicLong();
    private final Object commitLock = new Object();
    /** The writes up to this number are committed; guarded by commitLock. */
    private long committed;

    CommittingH2Backend(MVStore store) {
        super(store);
    }

    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
        Document result = super.handleCommand(channel, database, command, query);
        if (WRITES.contains(command.toLowerCase(Locale.ROOT))) {
            committed(applied.incrementAndGet());
        }
        return result;
    }

    /** Returns once write number {@code write} is committed, by this thread's commit or by one begun after it. */
    private void committed(long write) {
        synchronized (commitLock) {
            if (committed >= write) {
                return;
            }
            long upTo = applied.get();
            commit();
            committed = upTo;
        }
    }
}

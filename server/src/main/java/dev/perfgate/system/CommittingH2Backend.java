package dev.perfgate.system;

import java.util.Locale;
import java.util.Set;

import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;

/**
 * The embedded store's H2 backend, committing every write before it is acknowledged. H2's MVStore otherwise
 * commits about once a second, so a killed PerfGate lost the writes of its last second (a run the client was told
 * exists was gone after the restart). The commit writes to the file; the operating system keeps it across a
 * killed process (not across a power cut: that is what a real MongoDB is for).
 */
class CommittingH2Backend extends H2Backend {

    private static final Set<String> WRITES = Set.of("insert", "update", "delete", "findandmodify", "createindexes",
            "drop", "dropindexes", "dropdatabase");

    CommittingH2Backend(String file) {
        super(file);
    }

    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
        Document result = super.handleCommand(channel, database, command, query);
        if (WRITES.contains(command.toLowerCase(Locale.ROOT))) {
            commit();
        }
        return result;
    }
}

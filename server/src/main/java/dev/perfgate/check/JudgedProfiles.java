package dev.perfgate.check;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import lombok.RequiredArgsConstructor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.mapping.Document;
import org.springframework.stereotype.Repository;

import dev.perfgate.profile.MalformedProfileException;
import dev.perfgate.profile.Profile;
import dev.perfgate.profile.ProfileCodec;
import dev.perfgate.profile.ProfileType;

/**
 * The profiles a verdict judged, stored with it: the run's and its baseline's call trees of every profile type, as
 * read from Pyroscope when the verdict was made (compressed, bounded by {@link ProfileCodec#MAX_NODES}). The compare
 * page diffs them, long after Pyroscope's retention dropped the data, and shows what was judged, not a later read.
 * One document per verdict, side and type, keyed by all three: every read is by id, never a scan.
 */
@Repository
@RequiredArgsConstructor
class JudgedProfiles {

    private static final Logger log = LoggerFactory.getLogger(JudgedProfiles.class);

    /** Which run of the verdict a profile is of. */
    enum Side { RUN, BASELINE }

    /** One stored profile; {@code runId} is the run whose window it covers. */
    @Document("judgedProfiles")
    record Stored(@Id String id, String verdictId, String runId, String side, String type, byte[] profile, int nodes,
            int prunedNodes, long ticks, Instant storedAt) {
    }

    /** A profile a verdict judged, before it is stored. */
    record Judged(Side side, String runId, ProfileType type, Profile profile) {
    }

    private final MongoTemplate mongo;

    /** Stores the profiles of a verdict just stored; a verdict's profiles are written once, by its own judging. */
    void store(String verdictId, List<Judged> profiles, Instant now) {
        for (Judged judged : profiles) {
            ProfileCodec.Encoded encoded = ProfileCodec.encode(judged.profile(), ProfileCodec.MAX_NODES);
            mongo.save(new Stored(id(verdictId, judged.side(), judged.type()), verdictId, judged.runId(),
                    judged.side().name(), judged.type().name(), encoded.bytes(), encoded.nodes(), encoded.prunedNodes(),
                    judged.profile().numTicks(), now));
            log.debug("Stored the {} {} profile of verdict {}: {} nodes ({} pruned), {} bytes", judged.side(),
                    judged.type(), verdictId, encoded.nodes(), encoded.prunedNodes(), encoded.bytes().length);
        }
    }

    /** The profile of one side that a verdict judged, with the run it is of; empty when none was stored. */
    Optional<Found> find(String verdictId, Side side, ProfileType type) {
        Stored stored = mongo.findById(id(verdictId, side, type), Stored.class);
        if (stored == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Found(stored.runId(), ProfileCodec.decode(stored.profile())));
        } catch (MalformedProfileException e) {
            log.warn("Stored profile {} is unreadable: {}", stored.id(), e.getMessage());
            return Optional.empty();
        }
    }

    /** A stored profile and the run whose window it covers. */
    record Found(String runId, Profile profile) {
    }

    private static String id(String verdictId, Side side, ProfileType type) {
        return verdictId + ":" + side.name().toLowerCase(java.util.Locale.ROOT) + ":" + type.name().toLowerCase(java.util.Locale.ROOT);
    }
}

package dev.perfgate.results;

import java.util.Optional;

import lombok.AccessLevel;
import lombok.RequiredArgsConstructor;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Repository;

/** Stored results, one document per run. */
@Repository
@RequiredArgsConstructor(access = AccessLevel.PACKAGE)
public class ResultsRepository {

    private final MongoTemplate mongo;

    /** The results of a run. */
    public Optional<RunResults> find(String runId) {
        return Optional.ofNullable(mongo.findById(runId, RunResults.class));
    }

    /** Stores a run's first results; false when it has results already (nothing is written then). */
    public boolean insertIfAbsent(RunResults results) {
        try {
            mongo.insert(results);
            return true;
        } catch (DuplicateKeyException exists) {
            return false;
        }
    }

    /** Stores (or replaces) a run's results. */
    public void save(RunResults results) {
        mongo.save(results);
    }
}

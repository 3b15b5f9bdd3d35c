package dev.perfgate.results;

import java.util.Optional;

import lombok.AccessLevel;
import lombok.RequiredArgsConstructor;

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

    /** Stores (or replaces) a run's results. */
    public void save(RunResults results) {
        mongo.save(results);
    }
}

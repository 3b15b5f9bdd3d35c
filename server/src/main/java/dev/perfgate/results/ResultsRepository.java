package dev.perfgate.results;

import java.util.Optional;

import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Repository;

/** Stored results, one document per run. */
@Repository
public class ResultsRepository {

    private final MongoTemplate mongo;

    ResultsRepository(MongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** The results of a run. */
    public Optional<RunResults> find(String runId) {
        return Optional.ofNullable(mongo.findById(runId, RunResults.class));
    }

    /** Stores (or replaces) a run's results. */
    public void save(RunResults results) {
        mongo.save(results);
    }
}

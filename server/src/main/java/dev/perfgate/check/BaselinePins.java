package dev.perfgate.check;

import java.util.Optional;

import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Repository;

import dev.perfgate.run.Series;

/** The pinned baselines, one per series at most. */
@Repository
class BaselinePins {

    private final MongoTemplate mongo;

    BaselinePins(MongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** The series' pin; empty when none. */
    Optional<BaselinePin> find(Series series) {
        return Optional.ofNullable(mongo.findById(series.toString(), BaselinePin.class));
    }

    /** Pins a run, in place of the series' earlier pin. */
    void save(BaselinePin pin) {
        mongo.save(pin);
    }

    void remove(BaselinePin pin) {
        mongo.remove(pin);
    }
}

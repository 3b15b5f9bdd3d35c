package dev.perfgate.check;

import java.util.Optional;

import lombok.RequiredArgsConstructor;

import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Repository;

import dev.perfgate.run.Series;

/** The pinned baselines, one per series at most. */
@Repository
@RequiredArgsConstructor
class BaselinePins {

    private final MongoTemplate mongo;

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

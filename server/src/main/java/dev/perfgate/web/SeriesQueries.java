package dev.perfgate.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import lombok.RequiredArgsConstructor;

import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Repository;

import dev.perfgate.check.BaselinePin;
import dev.perfgate.run.Run;
import dev.perfgate.run.Series;

/**
 * The reads the pages need beyond the run and verdict features' own: which series exist, a filtered page of a
 * series' runs, the pinned baseline. Plain finds and distincts only, like every store access.
 */
@Repository
@RequiredArgsConstructor
class SeriesQueries {

    private static final Sort NEWEST_FIRST = Sort.by(Sort.Order.desc("startedAt"), Sort.Order.desc("_id"));

    private final MongoTemplate mongo;

    /** Every series that has a run, sorted by name. */
    List<Series> series() {
        List<Series> series = new ArrayList<>();
        for (String system : distinct("system", new Criteria())) {
            for (String workload : distinct("workload", Criteria.where("system").is(system))) {
                for (String environment : distinct("environment",
                        Criteria.where("system").is(system).and("workload").is(workload))) {
                    series.add(new Series(system, workload, environment));
                }
            }
        }
        return series;
    }

    /** Distinct values of one run field, for the trigger form's suggestions. */
    List<String> distinct(String field) {
        return distinct(field, new Criteria());
    }

    /**
     * A page of a series' runs, newest first, older than the cursor run: optionally only those whose latest verdict
     * has a status, whose version contains a text, or that carry a tag.
     */
    List<Run> runs(Series series, RunFilter filter, Run before, int limit) {
        Criteria criteria = Criteria.where("system").is(series.system()).and("workload").is(series.workload())
                .and("environment").is(series.environment());
        if (filter.verdict() != null) {
            criteria.and("verdict.status").is(filter.verdict());
        }
        if (filter.version() != null) {
            criteria.and("version").regex(Pattern.quote(filter.version()), "i");
        }
        if (filter.tag() != null) {
            criteria.and("tags").is(filter.tag());
        }
        if (before != null) {
            criteria.orOperator(Criteria.where("startedAt").lt(before.startedAt()),
                    new Criteria().andOperator(Criteria.where("startedAt").is(before.startedAt()),
                            Criteria.where("_id").lt(before.id())));
        }
        return mongo.find(Query.query(criteria).with(NEWEST_FIRST).limit(limit), Run.class);
    }

    /** The series' pinned baseline. */
    Optional<BaselinePin> pin(Series series) {
        return Optional.ofNullable(mongo.findById(series.toString(), BaselinePin.class));
    }

    private List<String> distinct(String field, Criteria criteria) {
        return mongo.findDistinct(Query.query(criteria), field, Run.class, String.class).stream()
                .filter(value -> value != null).sorted().toList();
    }

    /** What the runs list is narrowed to; null parts do not narrow it. */
    record RunFilter(String verdict, String version, String tag) {

        static RunFilter of(String verdict, String version, String tag) {
            return new RunFilter(blankToNull(verdict), blankToNull(version), blankToNull(tag));
        }

        public boolean any() {
            return verdict != null || version != null || tag != null;
        }

        private static String blankToNull(String value) {
            return value == null || value.isBlank() ? null : value.strip();
        }
    }
}

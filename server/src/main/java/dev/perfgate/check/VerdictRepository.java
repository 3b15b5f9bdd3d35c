package dev.perfgate.check;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Repository;

import dev.perfgate.system.DocumentRepository;
import dev.perfgate.system.IdLookup;

/** Stored verdicts: every evaluation of every run. */
@Repository
public class VerdictRepository extends DocumentRepository<Verdict> {

    VerdictRepository(MongoTemplate mongo, IdLookup byIds) {
        super(mongo, byIds, Verdict.class);
    }

    void ensureIndexes() {
        mongo.indexOps(Verdict.class).createIndex(new Index().on("runId", Sort.Direction.ASC)
                .on("evaluatedAt", Sort.Direction.DESC).named("run_evaluatedAt"));
    }

    Verdict insert(Verdict verdict) {
        return mongo.insert(verdict);
    }

    /** Every verdict of a run, newest first. */
    public List<Verdict> history(String runId) {
        return mongo.find(Query.query(Criteria.where("runId").is(runId))
                .with(Sort.by(Sort.Direction.DESC, "evaluatedAt")), Verdict.class);
    }

    /** Only the status and check values of verdicts (what baselines read), by verdict id, in one query. */
    Map<String, Document> checkValues(Collection<String> ids) {
        Map<String, Document> byId = new HashMap<>();
        if (ids.isEmpty()) {
            return byId;
        }
        for (Document d : byIds.find(mongo, ids, Document.class, mongo.getCollectionName(Verdict.class),
                query -> query.fields().include("status", "checks.fingerprint", "checks.request", "checks.value",
                        "checks.status", "checks.growthStatus", "checks.noise.decision"))) {
            byId.put(String.valueOf(d.get("_id")), d);
        }
        return byId;
    }
}

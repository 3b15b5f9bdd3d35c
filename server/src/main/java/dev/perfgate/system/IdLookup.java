package dev.perfgate.system;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Consumer;

import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;

/**
 * Reads documents by {@code _id}, the way the store answers fast: one {@code $in} query on MongoDB and the embedded
 * store, one query per id on FerretDB, which filters {@code {_id: x}} inside its backend but an {@code $in} only after
 * decoding every document of the collection (its explain: {@code filterPushdown} true for {@code {_id: x}}, false for
 * {@code {_id: {$in: …}}}). A verdict reads its history's runs and their verdicts by id, so there every verdict cost a
 * decode of all runs and all verdicts, and 200 CI clients' second round took 112 s instead of 23 s.
 *
 * <p>Even {@code {_id: x}} reads the whole collection on FerretDB 1.x: its SQLite backend asks
 * {@code WHERE _ferretdb_sjson->'$._id' = ?}, an expression SQLite does not match to its {@code _id} index on
 * {@code _ferretdb_sjson->"_id"} ({@code EXPLAIN QUERY PLAN}: {@code SCAN}; the PostgreSQL backend likewise,
 * FerretDB#4646), so each read by id costs in proportion to the collection's bytes. The first read logs it once
 * (docs/operations.md, "Which store").
 */
@Component
public class IdLookup {

    private static final Logger log = LoggerFactory.getLogger(IdLookup.class);

    private volatile Boolean oneQueryPerId;

    /** The documents with these ids (each once, in no particular order); ids with none are left out. */
    public <T> List<T> find(MongoTemplate mongo, Collection<?> ids, Class<T> type) {
        return find(mongo, ids, type, mongo.getCollectionName(type), fields -> {
        });
    }

    /** As {@link #find(MongoTemplate, Collection, Class)}, from a named collection, with the fields {@code shape} sets. */
    public <T> List<T> find(MongoTemplate mongo, Collection<?> ids, Class<T> type, String collection,
            Consumer<Query> shape) {
        List<T> found = new ArrayList<>();
        if (ids.isEmpty()) {
            return found;
        }
        if (!oneQueryPerId(mongo)) {
            Query query = Query.query(Criteria.where("_id").in(new LinkedHashSet<>(ids)));
            shape.accept(query);
            return mongo.find(query, type, collection);
        }
        for (Object id : new LinkedHashSet<>(ids)) {
            Query query = Query.query(Criteria.where("_id").is(id));
            shape.accept(query);
            T one = mongo.findOne(query, type, collection);
            if (one != null) {
                found.add(one);
            }
        }
        return found;
    }

    /**
     * For a log read by consecutive numbers: the documents with the first ids of this list up to the first id with
     * none, one query each on FerretDB; on MongoDB and the embedded store all the list's documents, in one query.
     */
    public List<Document> leading(MongoTemplate mongo, List<?> ids, String collection) {
        if (!oneQueryPerId(mongo)) {
            return mongo.find(Query.query(Criteria.where("_id").in(ids)), Document.class, collection);
        }
        List<Document> found = new ArrayList<>();
        for (Object id : ids) {
            Document one = mongo.findById(id, Document.class, collection);
            if (one == null) {
                break;
            }
            found.add(one);
        }
        return found;
    }

    /** Whether the store is FerretDB (its buildInfo says so), asked once. */
    public boolean oneQueryPerId(MongoTemplate mongo) {
        Boolean known = oneQueryPerId;
        if (known == null) {
            return ask(mongo);
        }
        return known;
    }

    private synchronized boolean ask(MongoTemplate mongo) {
        Boolean known = oneQueryPerId;
        if (known == null) {
            Document build = mongo.executeCommand(new Document("buildInfo", 1));
            known = build.containsKey("ferretdbVersion");
            if (known && String.valueOf(build.get("ferretdbVersion")).matches("v?1\\..*")) {
                log.warn("The store is FerretDB {}: it reads a whole collection for every read by id, so judging slows "
                        + "as the store grows (docs/operations.md, \"Which store\"); MongoDB keeps it flat",
                        LogSafe.of(build.get("ferretdbVersion")));
            }
            oneQueryPerId = known;
        }
        return known;
    }
}

package dev.perfgate.system;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Consumer;

import org.bson.Document;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;

/**
 * Reads documents by {@code _id}, the way the store answers fast: one {@code $in} query on MongoDB and the embedded
 * store, one query per id on FerretDB, which finds one {@code _id} by its key but scans the whole collection for an
 * {@code $in} (its explain: {@code filterPushdown} true for {@code {_id: x}}, false for {@code {_id: {$in: …}}}). A
 * verdict reads its history's runs and their verdicts by id, so there every verdict cost a scan of all runs and all
 * verdicts, and 200 CI clients' second round took 112 s instead of 23 s.
 */
@Component
public class IdLookup {

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
            known = mongo.executeCommand(new Document("buildInfo", 1)).containsKey("ferretdbVersion");
            oneQueryPerId = known;
        }
        return known;
    }
}

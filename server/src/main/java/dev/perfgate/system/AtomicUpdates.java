package dev.perfgate.system;

import java.util.Optional;

import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import org.bson.Document;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.convert.QueryMapper;
import org.springframework.data.mongodb.core.convert.UpdateMapper;
import org.springframework.data.mongodb.core.mapping.MongoPersistentEntity;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;

/**
 * Single-document atomic updates (find-one-and-update) that every supported store accepts.
 * MongoTemplate.findAndModify always sends a "fields" projection, which FerretDB rejects; this
 * calls the driver without one, mapping query and update the way MongoTemplate does.
 */
@Component
public class AtomicUpdates {

    private final MongoTemplate mongo;
    private final QueryMapper queryMapper;
    private final UpdateMapper updateMapper;

    /** Updates through this template's connections (e.g. the judging workers' own). */
    public AtomicUpdates(MongoTemplate mongo) {
        this.mongo = mongo;
        this.queryMapper = new QueryMapper(mongo.getConverter());
        this.updateMapper = new UpdateMapper(mongo.getConverter());
    }

    /** Updates the first matching document and returns it as it is after the update. */
    public <T> Optional<T> updateAndGet(Query query, Update update, Class<T> type, boolean upsert) {
        return updateAndGet(query, update, type, mongo.getCollectionName(type), upsert);
    }

    public <T> Optional<T> updateAndGet(Query query, Update update, Class<T> type, String collection, boolean upsert) {
        MongoPersistentEntity<?> entity = mongo.getConverter().getMappingContext().getPersistentEntity(type);
        Document filter = queryMapper.getMappedObject(query.getQueryObject(), entity);
        Document changes = updateMapper.getMappedObject(update.getUpdateObject(), entity);
        FindOneAndUpdateOptions options = new FindOneAndUpdateOptions().upsert(upsert).returnDocument(ReturnDocument.AFTER);
        if (!query.getSortObject().isEmpty()) {
            options.sort(queryMapper.getMappedSort(query.getSortObject(), entity));
        }
        Document after = mongo.execute(collection, c -> c.findOneAndUpdate(filter, changes, options));
        return Optional.ofNullable(after).map(doc -> type == Document.class ? type.cast(doc) : mongo.getConverter().read(type, doc));
    }
}

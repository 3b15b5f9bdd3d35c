package dev.perfgate.system;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.springframework.data.mongodb.core.MongoTemplate;

/**
 * A repository of one document type with the reads by id every such repository needs: one document, and a set of
 * them the way the store answers fast ({@link IdLookup}).
 */
public abstract class DocumentRepository<T> {

    protected final MongoTemplate mongo;
    protected final IdLookup byIds;
    private final Class<T> type;

    protected DocumentRepository(MongoTemplate mongo, IdLookup byIds, Class<T> type) {
        this.mongo = mongo;
        this.byIds = byIds;
        this.type = type;
    }

    /** The document with this id. */
    public Optional<T> findById(String id) {
        return Optional.ofNullable(mongo.findById(id, type));
    }

    /** The documents with these ids (each once, in no particular order); ids with none are left out. */
    public List<T> findAllById(Collection<String> ids) {
        return byIds.find(mongo, ids, type);
    }
}

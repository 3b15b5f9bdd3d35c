package dev.perfgate.system;

import java.util.Locale;

import com.mongodb.MongoException;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.data.mongodb.UncategorizedMongoDbException;

/**
 * Store errors that pass if the same call is made again a moment later: the store unreachable or timing out,
 * a replica set electing, FerretDB's SQLite busy or locked. The API answers them with 503 and Retry-After so
 * that clients retry instead of failing a CI build on a 500.
 */
public final class TransientStoreFailure {

    /** Seconds a client is asked to wait before it retries. */
    public static final int RETRY_AFTER_SECONDS = 2;

    private TransientStoreFailure() {
    }

    public static boolean isTransient(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TransientDataAccessException || t instanceof DataAccessResourceFailureException
                    || t instanceof UncategorizedMongoDbException || t instanceof MongoSocketException
                    || t instanceof MongoTimeoutException || t instanceof MongoExecutionTimeoutException
                    || t instanceof MongoNotPrimaryException || t instanceof MongoNodeIsRecoveringException) {
                return true;
            }
            if (t instanceof MongoException mongo && (mongo.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL)
                    || mongo.hasErrorLabel("RetryableWriteError") || busy(mongo.getMessage()))) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    /** What the client reads in the 503's problem. */
    public static String detail(Throwable e) {
        return "The store is briefly unavailable (" + e.getClass().getSimpleName() + "); retry after "
                + RETRY_AFTER_SECONDS + " s";
    }

    private static boolean busy(String message) {
        String m = message == null ? "" : message.toUpperCase(Locale.ROOT);
        return m.contains("SQLITE_BUSY") || m.contains("SQLITE_LOCKED") || m.contains("DATABASE IS LOCKED");
    }
}

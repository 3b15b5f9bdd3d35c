package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoSocketReadException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.ServerAddress;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.data.mongodb.UncategorizedMongoDbException;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

class TransientStoreFailureTest {

    @Test
    void shouldAnswerABusyFerretDbWith503AndRetryAfter() {
        MongoCommandException busy = new MongoCommandException(new BsonDocument("ok", new BsonInt32(0))
                .append("errmsg", new BsonString("database is locked (5) (SQLITE_BUSY)")).append("code", new BsonInt32(1)),
                new ServerAddress());

        ResponseEntity<ProblemDetail> answer = new ApiErrors().unexpected(new UncategorizedMongoDbException(busy.getMessage(), busy));

        assertThat(answer.getStatusCode().value()).isEqualTo(503);
        assertThat(answer.getHeaders().getFirst("Retry-After")).isEqualTo("2");
        assertThat(answer.getBody().getDetail()).contains("briefly unavailable").contains("retry after 2 s");
    }

    @Test
    void shouldTakeTimeoutsAndSocketErrorsForTransient() {
        assertThat(TransientStoreFailure.isTransient(new MongoTimeoutException("no server"))).isTrue();
        assertThat(TransientStoreFailure.isTransient(new RuntimeException(
                new MongoSocketReadException("reset", new ServerAddress())))).as("as a cause").isTrue();
        assertThat(TransientStoreFailure.isTransient(new com.mongodb.MongoException("SQLITE_BUSY: database is locked"))).isTrue();
    }

    @Test
    void shouldKeepBugsAt500() {
        ResponseEntity<ProblemDetail> answer = new ApiErrors().unexpected(new NullPointerException());

        assertThat(answer.getStatusCode().value()).isEqualTo(500);
        assertThat(answer.getHeaders().getFirst("Retry-After")).isNull();
        assertThat(TransientStoreFailure.isTransient(new DataIntegrityViolationException("duplicate key"))).isFalse();
    }
}

package dev.perfgate.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;

import dev.perfgate.SharedServer;
import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;

/**
 * A token is remembered a few seconds after it authenticated, and revoking it still takes effect: at once on the
 * instance that revoked it, within {@link TokenService#REMEMBERED} when another instance revoked it in the store.
 */
class TokenRevocationIT extends SharedServer {

    @Autowired
    MongoTemplate mongo;

    @Test
    void shouldRefuseATokenAsSoonAsItIsRevokedHere() {
        TestApi admin = new TestApi(port, ADMIN_TOKEN);
        Response issued = admin.post("/api/v1/tokens", "{\"name\":\"ci-revoked-here\",\"role\":\"runner\"}");
        TestApi runner = admin.withToken(issued.text("token"));
        assertThat(runner.get("/api/v1/runs").status()).isEqualTo(200);

        assertThat(admin.delete("/api/v1/tokens/" + issued.text("id")).status()).isEqualTo(204);

        assertThat(runner.get("/api/v1/runs").status()).isEqualTo(401);
    }

    @Test
    void shouldRefuseATokenRevokedByAnotherInstanceOnceItsRememberedTimeHasPassed() throws InterruptedException {
        TestApi admin = new TestApi(port, ADMIN_TOKEN);
        Response issued = admin.post("/api/v1/tokens", "{\"name\":\"ci-revoked-elsewhere\",\"role\":\"runner\"}");
        TestApi runner = admin.withToken(issued.text("token"));
        assertThat(runner.get("/api/v1/runs").status()).isEqualTo(200);

        // what another instance's revoke writes
        mongo.updateFirst(Query.query(Criteria.where("_id").is(issued.text("id"))),
                new Update().set("revokedAt", Instant.now()), ApiToken.class);
        Instant revoked = Instant.now();

        int status = runner.get("/api/v1/runs").status();
        while (status == 200 && Instant.now().isBefore(revoked.plusSeconds(30))) {
            Thread.sleep(200);
            status = runner.get("/api/v1/runs").status();
        }
        assertThat(status).isEqualTo(401);
        assertThat(Duration.between(revoked, Instant.now())).isLessThan(TokenService.REMEMBERED.plusSeconds(10));
    }
}

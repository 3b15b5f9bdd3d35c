package dev.perfgate.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.bson.types.ObjectId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.annotation.Order;
import org.springframework.dao.DataAccessException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Service;
import org.springframework.util.StringUtils;

import dev.perfgate.system.ApiException;

/** Issues, checks and revokes API tokens; makes sure an admin token exists from the first start. */
@Service
class TokenService {

    /** A token just issued: the only moment its secret is shown. */
    record Issued(ApiToken token, String secret) {
    }

    /**
     * How long an authenticated token is taken without reading the store again: one read per API call was a tenth of
     * the request threads' time under 200 CI clients. A token revoked here stops at once; revoked on another
     * instance, within this time.
     */
    static final Duration REMEMBERED = Duration.ofSeconds(5);
    private static final int REMEMBERED_AT_MOST = 1_000;

    private static final Logger log = LoggerFactory.getLogger(TokenService.class);
    private static final String CONFIGURED_ADMIN = "admin (PERFGATE_ADMIN_TOKEN)";

    private record Remembered(ApiToken token, Instant until) {
    }

    private final MongoTemplate mongo;
    private final Clock clock;
    private final String configuredAdminToken;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Remembered> recent = new ConcurrentHashMap<>();

    TokenService(MongoTemplate mongo, Clock clock, @Value("${perfgate.security.admin-token:}") String configuredAdminToken) {
        this.mongo = mongo;
        this.clock = clock;
        this.configuredAdminToken = configuredAdminToken;
    }

    @EventListener(ApplicationReadyEvent.class)
    @Order(0)
    void bootstrapAdmin() {
        mongo.indexOps(ApiToken.class).createIndex(new Index().on("hash", Sort.Direction.ASC).unique().named("hash"));
        if (StringUtils.hasText(configuredAdminToken)) {
            // one document holds the configured token, so rotating the variable revokes the old value
            log.info("bootstrapAdmin configured");
            String hash = hash(configuredAdminToken);
            try {
                mongo.upsert(Query.query(Criteria.where("name").is(CONFIGURED_ADMIN)),
                        new Update().set("role", Role.ADMIN).set("hash", hash)
                                .set("createdAt", clock.instant()).set("revokedAt", null), ApiToken.class);
            } catch (DataAccessException e) {
                // Two instances starting at once on one store upsert the same document; the loser's upsert meets
                // the winner's unique hash (FerretDB answers it without the updated count, and the start failed).
                // The token the other instance stored is this one: nothing is missing.
                if (!mongo.exists(Query.query(Criteria.where("name").is(CONFIGURED_ADMIN).and("hash").is(hash)
                        .and("revokedAt").is(null)), ApiToken.class)) {
                    throw e;
                }
            }
            return;
        }
        boolean hasAdmin = mongo.exists(Query.query(Criteria.where("role").is(Role.ADMIN).and("revokedAt").is(null)),
                ApiToken.class);
        if (!hasAdmin) {
            Issued issued = issue("first admin", Role.ADMIN);
            log.warn("""

                    ==================================================================
                    PerfGate first start: an admin API token was created. It is shown
                    only this once; keep it (e.g. as a CI secret):

                        {}

                    Use it as 'Authorization: Bearer <token>'. Set PERFGATE_ADMIN_TOKEN
                    to choose the admin token yourself instead.
                    ==================================================================
                    """, issued.secret());
        }
    }

    Issued issue(String name, Role role) {
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        String secret = "pg_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        ApiToken token = mongo.insert(new ApiToken(new ObjectId().toHexString(), name, role, hash(secret),
                clock.instant(), null));
        return new Issued(token, secret);
    }

    /** The live token with this secret (as of at most {@link #REMEMBERED} ago). */
    Optional<ApiToken> authenticate(String secret) {
        String hash = hash(secret);
        Instant now = clock.instant();
        Remembered known = recent.get(hash);
        if (known != null && now.isBefore(known.until())) {
            return Optional.of(known.token());
        }
        ApiToken token = mongo.findOne(Query.query(Criteria.where("hash").is(hash).and("revokedAt").is(null)),
                ApiToken.class);
        if (token == null) {
            recent.remove(hash);
            return Optional.empty();
        }
        if (recent.size() >= REMEMBERED_AT_MOST) {
            recent.clear();
        }
        recent.put(hash, new Remembered(token, now.plus(REMEMBERED)));
        return Optional.of(token);
    }

    List<ApiToken> list() {
        return mongo.find(new Query().with(Sort.by("createdAt")), ApiToken.class);
    }

    void revoke(String id) {
        var result = mongo.updateFirst(Query.query(Criteria.where("_id").is(id)),
                new Update().set("revokedAt", clock.instant()), ApiToken.class);
        recent.values().removeIf(known -> known.token().id().equals(id));
        if (result.getMatchedCount() == 0) {
            throw ApiException.notFound("No token with id " + id);
        }
    }

    static String hash(String secret) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}

package dev.perfgate.security;

import java.time.Instant;

import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** An API token as stored: only the SHA-256 hash of its secret is kept. */
@Document("tokens")
record ApiToken(@Id String id, String name, Role role, String hash, Instant createdAt, Instant revokedAt) {
}

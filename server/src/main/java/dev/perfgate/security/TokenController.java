package dev.perfgate.security;

import java.net.URI;
import java.time.Instant;
import java.util.List;

import lombok.RequiredArgsConstructor;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;

import dev.perfgate.system.JsonApi;

/** Admin API for tokens: issue (the secret is shown once), list, revoke. */
@JsonApi("/api/v1/tokens")
@Tag(name = "tokens", description = "API tokens (admin)")
@RequiredArgsConstructor
class TokenController {

    record IssueRequest(@NotBlank @Size(max = 100) String name, @NotNull Role role) {
    }

    record TokenView(String id, String name, Role role, Instant createdAt, Instant revokedAt, String token) {
        static TokenView of(ApiToken t, String secret) {
            return new TokenView(t.id(), t.name(), t.role(), t.createdAt(), t.revokedAt(), secret);
        }
    }

    private final TokenService tokens;

    @Operation(summary = "Issue a token", description = "The response carries the secret; it is never shown again.")
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<TokenView> issue(@Valid @RequestBody IssueRequest request) {
        TokenService.Issued issued = tokens.issue(request.name(), request.role());
        return ResponseEntity.created(URI.create("/api/v1/tokens/" + issued.token().id()))
                .body(TokenView.of(issued.token(), issued.secret()));
    }

    @Operation(summary = "List tokens (no secrets)")
    @GetMapping
    List<TokenView> list() {
        return tokens.list().stream().map(t -> TokenView.of(t, null)).toList();
    }

    @Operation(summary = "Revoke a token")
    @DeleteMapping("/{id}")
    @ResponseStatus(org.springframework.http.HttpStatus.NO_CONTENT)
    void revoke(@PathVariable String id) {
        tokens.revoke(id);
    }
}

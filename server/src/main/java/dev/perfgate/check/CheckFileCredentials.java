package dev.perfgate.check;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

import lombok.RequiredArgsConstructor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

import dev.perfgate.definition.GateDefinition;
import dev.perfgate.system.OutboundAuth;

/**
 * The credentials check files give for their Prometheus and Pyroscope ({@code auth:} or what a URL held), resolved
 * when a request is sent: a password or token named by an environment variable (or any Spring property of that
 * name) or a file, so that a rotated secret is used at once and none is kept in the definitions.
 */
@Component
@RequiredArgsConstructor
class CheckFileCredentials implements OutboundAuth {

    private static final Logger log = LoggerFactory.getLogger(CheckFileCredentials.class);

    private final GateDefinitions definitions;
    private final Environment environment;

    @Override
    public Addition forUri(URI uri) {
        String target = uri.toString();
        GateDefinition.Credential best = null;
        for (GateDefinitions.FileState state : definitions.states()) {
            GateDefinition.Credential credential = state.active() == null ? null : state.active().credentialFor(target);
            if (credential != null && (best == null || credential.url().length() > best.url().length())) {
                best = credential;
            }
        }
        return best == null ? Addition.NONE : new Addition(authorization(best), String.join("&", best.secretParameters()));
    }

    private String authorization(GateDefinition.Credential c) {
        if (c.bearerTokenEnv() != null || c.bearerTokenFile() != null) {
            String token = secret(c, c.bearerTokenEnv(), c.bearerTokenFile());
            return token == null ? null : "Bearer " + token;
        }
        if (c.username() == null) {
            return null;
        }
        String password = c.passwordEnv() != null || c.passwordFile() != null
                ? secret(c, c.passwordEnv(), c.passwordFile()) : c.password();
        if (password == null) {
            return null;
        }
        return "Basic " + Base64.getEncoder().encodeToString((c.username() + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private String secret(GateDefinition.Credential c, String variable, String file) {
        if (variable != null) {
            String value = environment.getProperty(variable);
            if (value == null || value.isEmpty()) {
                log.warn("Credentials for {}: environment variable {} is not set; calling without them", c.url(), variable);
                return null;
            }
            return value;
        }
        try {
            return Files.readString(Path.of(file)).strip();
        } catch (IOException | RuntimeException e) {
            log.warn("Credentials for {}: cannot read {} ({}); calling without them", c.url(), file, e.getClass().getSimpleName());
            return null;
        }
    }
}

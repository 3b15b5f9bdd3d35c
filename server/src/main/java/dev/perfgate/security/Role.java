package dev.perfgate.security;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What a token or a person may do: viewer reads, runner records runs and results, admin manages. */
public enum Role {
    @JsonProperty("viewer") VIEWER,
    @JsonProperty("runner") RUNNER,
    @JsonProperty("admin") ADMIN;

    public String authority() {
        return "ROLE_" + name();
    }
}

package dev.perfgate.web;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import dev.perfgate.security.Role;

/**
 * The people who may sign in to the UI ({@code perfgate.security.users[i].name/.password/.role}): passwords as
 * {@code {bcrypt}...} hashes (or {@code {noop}...} for a trial), roles as the API tokens': viewer, runner, admin.
 */
@ConfigurationProperties("perfgate.security")
record UiUsers(@DefaultValue List<User> users) {

    /** One person. */
    record User(String name, String password, Role role) {
    }
}

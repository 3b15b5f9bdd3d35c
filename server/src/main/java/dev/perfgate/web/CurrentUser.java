package dev.perfgate.web;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

import dev.perfgate.security.Role;

/** Who is signed in, for every page: the header shows it, pages offer only the actions the role allows. */
@ControllerAdvice(basePackageClasses = CurrentUser.class)
class CurrentUser {

    /** The signed-in person and what they may do. */
    record Me(String name, String role, boolean canRun, boolean canAdmin) {

        /** The person behind an authentication; null when nobody is signed in. */
        static Me of(Authentication authentication) {
            if (authentication == null || !authentication.isAuthenticated()
                    || authentication instanceof AnonymousAuthenticationToken) {
                return null;
            }
            boolean admin = has(authentication, Role.ADMIN);
            boolean runner = admin || has(authentication, Role.RUNNER);
            String role = admin ? "admin" : runner ? "runner" : "viewer";
            return new Me(authentication.getName(), role, runner, admin);
        }
    }

    @ModelAttribute("me")
    Me me(Authentication authentication) {
        return Me.of(authentication);
    }

    private static boolean has(Authentication authentication, Role role) {
        return authentication.getAuthorities().stream().anyMatch(a -> role.authority().equals(a.getAuthority()));
    }
}

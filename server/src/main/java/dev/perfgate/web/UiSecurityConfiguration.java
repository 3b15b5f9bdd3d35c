package dev.perfgate.web;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;
import org.springframework.security.web.authentication.SimpleUrlAuthenticationFailureHandler;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;

import dev.perfgate.security.Role;
import dev.perfgate.security.SignInThrottle;

/**
 * Who may see and do what in the UI: people sign in with a form (session, CSRF-protected forms); viewers read,
 * runners also re-evaluate and trigger runs, admins also pin baselines, review regressions and invalidate runs.
 * The API's bearer-token chain (order 1) and the open chain for health and docs (order 3) come first.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(UiUsers.class)
class UiSecurityConfiguration {

    private static final Logger log = LoggerFactory.getLogger(UiSecurityConfiguration.class);

    @Bean
    @Order(10)
    SecurityFilterChain ui(HttpSecurity http, ObjectProvider<SignInThrottle> throttles) throws Exception {
        SignInThrottle throttle = throttles.getIfAvailable(SignInThrottle::defaults);
        http.authorizeHttpRequests(auth -> auth
                        .requestMatchers("/login", "/css/**", "/js/**", "/vendor/**", "/webjars/**", "/favicon.ico",
                                "/error").permitAll()
                        .requestMatchers(HttpMethod.POST, "/runs/*/baseline", "/runs/*/unpin", "/runs/*/regression/*",
                                "/runs/*/invalidate").hasRole("ADMIN")
                        .requestMatchers(HttpMethod.POST, "/runs/*/evaluate").hasRole("RUNNER")
                        .requestMatchers(HttpMethod.POST, "/series/*/*/*/backtest").hasRole("RUNNER")
                        .requestMatchers("/trigger", "/trigger/**").hasRole("RUNNER")
                        .anyRequest().hasRole("VIEWER"))
                .addFilterBefore(new SignInLockFilter(throttle), UsernamePasswordAuthenticationFilter.class)
                .formLogin(form -> form.loginPage("/login").defaultSuccessUrl("/", false).permitAll()
                        .failureHandler(new SimpleUrlAuthenticationFailureHandler("/login?error") {
                            @Override
                            public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
                                    AuthenticationException e) throws IOException, ServletException {
                                throttle.failed(request.getRemoteAddr(), request.getParameter("username"));
                                super.onAuthenticationFailure(request, response, e);
                            }
                        })
                        .successHandler(new SavedRequestAwareAuthenticationSuccessHandler() {
                            @Override
                            public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
                                    Authentication authentication) throws IOException, ServletException {
                                throttle.succeeded(authentication.getName());
                                super.onAuthenticationSuccess(request, response, authentication);
                            }
                        }))
                .logout(logout -> logout.logoutSuccessUrl("/login?logout").permitAll())
                .headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(
                        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                                + "frame-ancestors 'none'; form-action 'self'")));
        return http.build();
    }

    /**
     * The configured people, each with the authorities of their role and the roles below it. Without any, one
     * admin is made up with a random password, printed once (as the first API token is).
     */
    @Bean
    UserDetailsService uiUserDetails(UiUsers config) {
        List<UserDetails> users = new ArrayList<>();
        for (UiUsers.User user : config.users()) {
            if (user.name() == null || user.name().isBlank() || user.password() == null || user.role() == null) {
                throw new IllegalStateException("perfgate.security.users: every user needs name, password and role");
            }
            if (!user.password().startsWith("{")) {
                throw new IllegalStateException("perfgate.security.users: the password of '" + user.name()
                        + "' must name its encoding, e.g. {bcrypt}$2a$10$... (or {noop}secret for a trial)");
            }
            users.add(User.withUsername(user.name()).password(user.password()).authorities(authorities(user.role())).build());
        }
        if (users.isEmpty()) {
            byte[] bytes = new byte[12];
            new SecureRandom().nextBytes(bytes);
            String password = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            log.warn("""

                    ==================================================================
                    No UI users are configured (perfgate.security.users). Sign in as
                    'admin' with this password, shown only this once:

                        {}

                    ==================================================================
                    """, password);
            users.add(User.withUsername("admin").password("{noop}" + password).authorities(authorities(Role.ADMIN)).build());
        }
        return new InMemoryUserDetailsManager(users);
    }

    /** A role and the roles it implies, so pages need no role hierarchy to decide what to show. */
    static List<SimpleGrantedAuthority> authorities(Role role) {
        List<SimpleGrantedAuthority> authorities = new ArrayList<>();
        for (Role r : Role.values()) {
            if (r.ordinal() <= role.ordinal()) {
                authorities.add(new SimpleGrantedAuthority(r.authority()));
            }
        }
        return authorities;
    }
}

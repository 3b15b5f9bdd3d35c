package dev.perfgate.security;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Who may call what. The API takes bearer tokens (viewer &lt; runner &lt; admin); health, metrics
 * and the OpenAPI description stay open.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SignInThrottle.Policy.class)
class SecurityConfiguration {

    @Bean
    static RoleHierarchy roleHierarchy() {
        return RoleHierarchyImpl.withDefaultRolePrefix()
                .role("ADMIN").implies("RUNNER")
                .role("RUNNER").implies("VIEWER")
                .build();
    }

    /**
     * No observation of every security filter, authentication and authorization: they were an eighth of the request
     * threads' CPU at 200 CI clients ({@code bench/README.md}) and no dashboard reads them; each request is still
     * measured as a whole ({@code http_server_requests_seconds}).
     */
    @Bean
    static SecurityObservationSettings securityObservations() {
        return SecurityObservationSettings.noObservations();
    }

    @Bean
    @Order(1)
    SecurityFilterChain api(HttpSecurity http, TokenService tokens, SignInThrottle throttle) throws Exception {
        http.securityMatcher("/api/**")
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .addFilterBefore(new BearerTokenFilter(tokens, throttle), AnonymousAuthenticationFilter.class)
                .exceptionHandling(errors -> errors
                        .authenticationEntryPoint((request, response, e) -> problem(response, HttpStatus.UNAUTHORIZED,
                                request.getHeader("Authorization") == null
                                        ? "An API token is required: send 'Authorization: Bearer <token>'"
                                        : "The API token is not valid (unknown, revoked, or not 'Bearer <token>'): check"
                                                + " PERFGATE_TOKEN or the token you sent"))
                        .accessDeniedHandler((request, response, e) -> problem(response, HttpStatus.FORBIDDEN,
                                "This token's role may not " + request.getMethod() + " " + request.getRequestURI())))
                .authorizeHttpRequests(auth -> auth
                        // the second dispatch of a request answered later (a verdict waited for) was authorized already
                        .dispatcherTypeMatchers(DispatcherType.ASYNC).permitAll()
                        .requestMatchers("/api/v1/tokens/**", "/api/v1/tokens").hasRole("ADMIN")
                        .requestMatchers("/api/v1/runs/*/baseline", "/api/v1/runs/*/regression/**",
                                "/api/v1/runs/*/invalidate").hasRole("ADMIN")
                        .requestMatchers(HttpMethod.GET, "/api/**").hasRole("VIEWER")
                        .anyRequest().hasRole("RUNNER"));
        return http.build();
    }

    @Bean
    @Order(3)
    SecurityFilterChain open(HttpSecurity http) throws Exception {
        http.securityMatcher("/actuator/**", "/v3/api-docs/**", "/v3/api-docs", "/swagger-ui/**", "/swagger-ui.html",
                        "/schemas/**")
                .csrf(csrf -> csrf.disable())
                .authorizeHttpRequests(auth -> auth
                        .requestMatchers("/actuator/health/**", "/actuator/health", "/actuator/info",
                                "/actuator/prometheus").permitAll()
                        .requestMatchers("/v3/api-docs/**", "/v3/api-docs", "/swagger-ui/**", "/swagger-ui.html",
                                "/schemas/**").permitAll()
                        .anyRequest().denyAll());
        return http.build();
    }

    static void problem(HttpServletResponse response, HttpStatus status, String detail)
            throws java.io.IOException {
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.getWriter().write("{\"type\":\"about:blank\",\"title\":\"" + status.getReasonPhrase()
                + "\",\"status\":" + status.value() + ",\"detail\":\"" + detail.replace("\"", "'") + "\"}");
    }
}

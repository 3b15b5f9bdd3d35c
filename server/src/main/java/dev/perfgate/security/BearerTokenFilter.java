package dev.perfgate.security;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import lombok.RequiredArgsConstructor;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import dev.perfgate.system.LogSafe;
import dev.perfgate.system.TransientStoreFailure;

/**
 * Authenticates API calls by {@code Authorization: Bearer <token>} against the stored token hashes; an address that
 * sent too many bad tokens gets 429 for a while ({@link SignInThrottle}), whatever token it sends; a store that cannot
 * be read gives 503 with Retry-After, as every other API call that needs it.
 */
@RequiredArgsConstructor
class BearerTokenFilter extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(BearerTokenFilter.class);

    private final TokenService tokens;
    private final SignInThrottle throttle;

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader("Authorization");
        if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            Duration locked = throttle.lockedFor(request.getRemoteAddr(), null);
            if (!locked.isZero()) {
                long seconds = SignInThrottle.seconds(locked);
                response.setHeader(HttpHeaders.RETRY_AFTER, String.valueOf(seconds));
                SecurityConfiguration.problem(response, HttpStatus.TOO_MANY_REQUESTS, "Too many bad API tokens from "
                        + "this address: try again in " + seconds + " s");
                return;
            }
            Optional<ApiToken> token;
            try {
                token = tokens.authenticate(header.substring(7).trim());
            } catch (RuntimeException e) {
                if (!TransientStoreFailure.isTransient(e)) {
                    throw e;
                }
                // before the controllers: the API's error handler does not see this one
                log.warn("The store is briefly unavailable, answered 503 to an API call: {}", LogSafe.of(e.toString()));
                response.setHeader(HttpHeaders.RETRY_AFTER, String.valueOf(TransientStoreFailure.RETRY_AFTER_SECONDS));
                SecurityConfiguration.problem(response, HttpStatus.SERVICE_UNAVAILABLE, TransientStoreFailure.detail(e));
                return;
            }
            if (token.isEmpty()) {
                throttle.failed(request.getRemoteAddr(), null);
            }
            token.ifPresent(t -> {
                var authentication = new UsernamePasswordAuthenticationToken("token:" + t.name(), null,
                        List.of(new SimpleGrantedAuthority(t.role().authority())));
                SecurityContextHolder.getContext().setAuthentication(authentication);
            });
        }
        chain.doFilter(request, response);
    }
}

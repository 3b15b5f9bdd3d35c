package dev.perfgate.web;

import java.io.IOException;
import java.time.Duration;

import lombok.RequiredArgsConstructor;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;

import dev.perfgate.security.SignInThrottle;

/**
 * Refuses a sign-in of a locked user or from a locked address before its password is checked (the right password
 * does not help during the lockout): back to the sign-in page, which says for how long.
 */
@RequiredArgsConstructor
class SignInLockFilter extends OncePerRequestFilter {

    private final SignInThrottle throttle;

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !("POST".equals(request.getMethod()) && (request.getContextPath() + "/login").equals(request.getRequestURI()));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Duration locked = throttle.lockedFor(request.getRemoteAddr(), request.getParameter("username"));
        if (!locked.isZero()) {
            response.sendRedirect(request.getContextPath() + "/login?locked=" + SignInThrottle.seconds(locked));
            return;
        }
        chain.doFilter(request, response);
    }
}

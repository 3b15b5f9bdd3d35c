package dev.perfgate.demo.regression;

import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;

import lombok.RequiredArgsConstructor;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/** Applies the {@code X-Regression: cpu,alloc} header: those regressions are on for this request only. */
@Component
@RequiredArgsConstructor
class RegressionOverrideFilter extends OncePerRequestFilter {

    static final String HEADER = "X-Regression";

    private final RegressionSwitches switches;

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader(HEADER);
        if (header == null || header.isBlank()) {
            chain.doFilter(request, response);
            return;
        }
        try (RegressionSwitches.Scope scope = switches.overrideForCurrentThread(parseLenient(header))) {
            chain.doFilter(request, response);
        }
    }

    /** Unknown names in a header are ignored: a load script must not fail a request for a typo. */
    static Set<Regression> parseLenient(String header) {
        Set<Regression> regressions = EnumSet.noneOf(Regression.class);
        for (String id : header.split(",")) {
            Regression.fromId(id).ifPresent(regressions::add);
        }
        return regressions;
    }
}

package dev.perfgate.demo.observe;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import lombok.RequiredArgsConstructor;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Meters the CPU time and heap allocation of each {@code /api/} request on its own thread, per endpoint:
 * {@code demo_request_cpu_seconds} and {@code demo_request_allocated_bytes}. They give the cost per request
 * that process-wide CPU and GC metrics only give mixed with everything else.
 */
@Component
@RequiredArgsConstructor
class RequestResourcesFilter extends OncePerRequestFilter {

    private final MeterRegistry registry;
    private final ThreadResources resources = new ThreadResources();
    private final boolean supported = resources.supported();

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !supported || !request.getRequestURI().startsWith("/api/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        ThreadResources.Usage start = resources.current();
        try {
            chain.doFilter(request, response);
        } finally {
            ThreadResources.Usage used = resources.current().since(start);
            String uri = uri(request);
            Timer.builder("demo.request.cpu")
                    .description("CPU time (user + system) of the request's thread")
                    .tag("uri", uri)
                    .register(registry)
                    .record(used.cpuNanos(), TimeUnit.NANOSECONDS);
            DistributionSummary.builder("demo.request.allocated")
                    .description("heap bytes allocated by the request's thread")
                    .baseUnit("bytes")
                    .tag("uri", uri)
                    .register(registry)
                    .record(used.allocatedBytes());
        }
    }

    /** The matched route pattern, so that query strings and ids cannot blow up the tag's cardinality. */
    private static String uri(HttpServletRequest request) {
        Object pattern = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
        return pattern != null ? pattern.toString() : "UNKNOWN";
    }
}

package dev.perfgate.ops;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

import lombok.RequiredArgsConstructor;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.hibernate.validator.constraints.Range;
import org.springframework.http.MediaType;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfgate.run.RunRepository;
import dev.perfgate.system.ApiException;
import dev.perfgate.system.PublicUrls;
import dev.perfgate.system.StorableInstant;

/**
 * Run windows for Grafana: dashboards mark each run as a region annotation through the Infinity
 * data source (see dashboards/ and docs/operations.md). Grafana sends {@code ${__from}} and
 * {@code ${__to}} in epoch milliseconds.
 */
@RestController
@Validated
@Tag(name = "operations", description = "Run windows as Grafana annotations")
@RequiredArgsConstructor
class AnnotationsController {

    static final Duration DEFAULT_RANGE = Duration.ofHours(24);

    private final RunRepository runs;
    private final PublicUrls urls;
    private final Clock clock;

    @Operation(summary = "Runs overlapping a time range, as Grafana annotations",
            description = "Newest first. A run still running reaches to now. Times: epoch milliseconds or ISO-8601.")
    @GetMapping(path = "/api/v1/annotations", produces = MediaType.APPLICATION_JSON_VALUE)
    List<RunAnnotation> annotations(
            @Parameter(description = "range start; default: 24 h before 'to'") @RequestParam(required = false) String from,
            @Parameter(description = "range end; default: now") @RequestParam(required = false) String to,
            @RequestParam(required = false) String system,
            @RequestParam(required = false) String workload,
            @RequestParam(required = false) String environment,
            @Parameter(description = "1 to 2000, default 500") @RequestParam(defaultValue = "500") @Range(min = 1, max = 2000) int limit) {
        Instant now = clock.instant();
        Instant end = to == null ? now : instant("to", to);
        Instant start = from == null ? end.minus(DEFAULT_RANGE) : instant("from", from);
        if (start.isAfter(end)) {
            throw ApiException.badRequest("from " + start + " is after to " + end);
        }
        return runs.overlapping(start, end, blankToNull(system), blankToNull(workload), blankToNull(environment), limit)
                .stream().map(run -> RunAnnotation.of(run, now, urls.of("/runs/" + run.id()))).toList();
    }

    /** Epoch milliseconds (what Grafana's ${__from} gives) or an ISO-8601 instant. */
    static Instant instant(String name, String value) {
        String v = value.trim();
        try {
            Instant instant = v.matches("-?\\d+") ? Instant.ofEpochMilli(Long.parseLong(v)) : Instant.parse(v);
            return StorableInstant.Check.require(name, instant);
        } catch (NumberFormatException | DateTimeParseException e) {
            throw ApiException.badRequest(name + " must be epoch milliseconds or an ISO-8601 instant, not '" + value + "'");
        }
    }

    /** Grafana sends an empty value, "All", "$__all" or the regex ".*" for a variable set to all. */
    static String blankToNull(String value) {
        if (value == null || value.isBlank() || value.equals("All") || value.equals("$__all") || value.equals("*") || value.equals(".*")) {
            return null;
        }
        return value;
    }
}

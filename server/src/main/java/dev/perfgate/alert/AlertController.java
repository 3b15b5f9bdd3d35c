package dev.perfgate.alert;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import lombok.RequiredArgsConstructor;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.hibernate.validator.constraints.Range;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import dev.perfgate.system.ApiException;
import dev.perfgate.system.JsonApi;
import dev.perfgate.system.PublicUrls;

/** The alert outbox for operators: what is pending, what was sent, what was given up and why (secrets masked). */
@JsonApi("/api/v1/alerts")
@Validated
@Tag(name = "alerts", description = "Slack and webhook alerts of verdicts, and their delivery")
@RequiredArgsConstructor
class AlertController {

    /** An alert as the API shows it: never its payload's secrets nor the route's URL or token. */
    record AlertView(String id, AlertStatus status, String kind, String headline, String series, String runId,
            String run, String verdictId, String route, String channel, String destination, int attempts,
            Instant createdAt, Instant nextAttemptAt, Instant giveUpAt, Instant sentAt, String lastError,
            Map<String, String> links) {
    }

    private final AlertOutbox outbox;
    private final AlertSettings settings;
    private final PublicUrls urls;

    @Operation(summary = "Alerts, newest first", description = "E.g. ?status=failed for the alerts that were given up.")
    @GetMapping
    List<AlertView> list(
            @Parameter(description = "pending, sending, sent or failed") @RequestParam(required = false) String status,
            @RequestParam(defaultValue = "100") @Range(min = 1, max = 1000) int limit) {
        return outbox.list(status(status), limit).stream().map(this::view).toList();
    }

    private AlertView view(Alert a) {
        Route route = settings.route(a.route());
        return new AlertView(a.id(), a.status(), a.kind().name().toLowerCase(Locale.ROOT), a.headline(), a.series(),
                a.runId(), a.run(), a.verdictId(), a.route(), a.channel().name().toLowerCase(Locale.ROOT),
                route == null ? "(route no longer configured)" : route.destination(), a.attempts(), a.createdAt(),
                a.status() == AlertStatus.PENDING ? a.nextAttemptAt() : null, a.giveUpAt(), a.sentAt(),
                route == null ? a.lastError() : route.scrub(a.lastError()),
                Map.of("run", urls.of("/runs/" + a.runId()), "verdict", urls.of("/api/v1/runs/" + a.runId() + "/verdict")));
    }

    private static AlertStatus status(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return AlertStatus.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("status must be pending, sending, sent or failed, got '" + value + "'");
        }
    }
}

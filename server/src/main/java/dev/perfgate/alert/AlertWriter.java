package dev.perfgate.alert;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import lombok.RequiredArgsConstructor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.perfgate.check.CheckStatus;
import dev.perfgate.check.VerdictService;
import dev.perfgate.check.VerdictView;
import dev.perfgate.run.Run;
import dev.perfgate.run.JudgedRuns;
import dev.perfgate.run.RunVerdict;
import dev.perfgate.system.PublicUrls;

/**
 * Writes the alerts of a verdict into the outbox as soon as it is stored, on the evaluating thread, one per matching
 * route; the sender posts them. Nothing is posted here, so a slow or dead Slack never holds up an evaluation.
 */
@Component
@RequiredArgsConstructor
class AlertWriter {

    private static final Logger log = LoggerFactory.getLogger(AlertWriter.class);

    private final AlertSettings settings;
    private final AlertOutbox outbox;
    private final AlertSender sender;
    private final Channels channels;
    private final JudgedRuns runs;
    private final PublicUrls urls;
    private final Clock clock;

    @EventListener
    void onVerdict(VerdictService.VerdictReady event) {
        Run run = event.run();
        List<Route> routes = settings.routes().stream().filter(r -> r.matches(run.series())).toList();
        if (routes.isEmpty()) {
            return;
        }
        try {
            write(event, routes);
        } catch (RuntimeException e) {
            // the verdict stands whatever happens to its alert; the error must be loud
            log.error("Alerts: could not write the alert of verdict {} for run {} ({})", event.verdict().id(),
                    run.runId(), run.series(), e);
        }
    }

    private void write(VerdictService.VerdictReady event, List<Route> routes) {
        Run run = event.run();
        CheckStatus status = event.verdict().status();
        CheckStatus before = event.previous() == null ? null : event.previous().status();
        Optional<Run> previousRun = AlertPolicy.needsPreviousRun(status, before, settings.sendOn())
                ? previousJudgedRun(run) : Optional.empty();
        CheckStatus previousStatus = previousRun.map(r -> CheckStatus.valueOf(r.verdict().status())).orElse(null);
        Optional<AlertPolicy.Decision> decision = AlertPolicy.decide(status, before, previousStatus, settings.sendOn());
        if (decision.isEmpty()) {
            return;
        }
        Map<String, String> links = VerdictView.of(run, event.verdict(), urls).links();
        AlertMessage message = AlertMessage.of(decision.get(), run, event.verdict(),
                previousRun.map(Run::runId).orElse(null), links);
        Instant now = clock.instant();
        for (Route route : routes) {
            String key = Alert.dedupeKey(event.verdict().id(), route.name());
            String payload = channels.of(route).render(message, route, key);
            Alert alert = new Alert(key, event.verdict().id(), run.id(), run.runId(), run.series().toString(),
                    route.name(), route.type(), message.kind(), message.headline(), payload, AlertStatus.PENDING, 0,
                    now, now, now.plus(settings.giveUpAfter()), null, null, null);
            if (outbox.add(alert)) {
                log.info("Alerts: queued {} ({}) for route {}", message.headline(), message.kind(), route.name());
            }
        }
        sender.wake();
    }

    /** The series' latest earlier completed run with a final verdict. */
    private Optional<Run> previousJudgedRun(Run run) {
        return runs.before(run.series(), run.startedAt(), 5).stream()
                .filter(r -> r.verdict() != null && isFinal(r.verdict())).findFirst();
    }

    private static boolean isFinal(RunVerdict verdict) {
        try {
            CheckStatus.valueOf(verdict.status());
            return true;
        } catch (IllegalArgumentException pending) {
            return false;
        }
    }
}

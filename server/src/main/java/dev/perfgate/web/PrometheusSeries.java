package dev.perfgate.web;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import lombok.RequiredArgsConstructor;

import org.springframework.stereotype.Component;

import dev.perfgate.check.GateDefinitions;
import dev.perfgate.check.PrometheusClient;
import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.ValueSource;
import dev.perfgate.run.Run;

/**
 * The run page's Prometheus chart: the PromQL of the series' first Prometheus check (the key check when it is one)
 * over the whole run, ramp-up included, read with the verdicts' {@link PrometheusClient}, so a rejected query shows
 * as rejected. The page loads it after it is shown, so a slow Prometheus never slows the page.
 */
@Component
@RequiredArgsConstructor
class PrometheusSeries {

    /** What the chart draws; {@code reason} says why there are no points. Times in epoch milliseconds. */
    record Chart(String check, String unit, String query, long start, long steadyStart, long end, List<double[]> points,
            String reason) {
    }

    private static final int MAX_POINTS = 600;

    private final GateDefinitions definitions;
    private final PrometheusClient prometheus;

    /** The check whose PromQL the page charts, if the series' checks read Prometheus. */
    Optional<CheckDefinition> check(Run run) {
        return gate(run).flatMap(gate -> gate.checks().stream()
                .filter(c -> c.source() instanceof ValueSource.Prometheus)
                .sorted((a, b) -> Boolean.compare(b.key(), a.key())).findFirst());
    }

    Optional<Chart> chart(Run run) {
        Optional<GateDefinition> gate = gate(run);
        Optional<CheckDefinition> check = check(run);
        if (gate.isEmpty() || check.isEmpty() || run.endedAt() == null) {
            return Optional.empty();
        }
        String query = ((ValueSource.Prometheus) check.get().source()).query();
        String base = gate.get().prometheusUrlFor(run.environment());
        Instant start = run.startedAt();
        Instant end = run.endedAt();
        long step = Math.max(1, (Duration.between(start, end).toSeconds() + MAX_POINTS - 1) / MAX_POINTS);
        PrometheusClient.Samples samples = prometheus.range(base, query, start, end, step);
        String reason = samples.answered() && samples.points().isEmpty()
                ? "Prometheus has no samples of the query in the run's window" : samples.reason();
        List<double[]> points = samples.points();
        return Optional.of(new Chart(check.get().name(), check.get().unit(), query, start.toEpochMilli(),
                run.steadyStateStart().toEpochMilli(), end.toEpochMilli(), points, reason));
    }

    private Optional<GateDefinition> gate(Run run) {
        return definitions.find(run.system(), run.workload(), run.environment());
    }
}

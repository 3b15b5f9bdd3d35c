package dev.perfgate.ops;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.perfgate.run.Run;

/**
 * One run as a Grafana region annotation, in the columns the Infinity data source maps: {@code time}
 * and {@code timeEnd} in epoch milliseconds, {@code title}, {@code text} and comma-separated {@code tags};
 * the rest is there for tables and links.
 */
public record RunAnnotation(long time, long timeEnd, String title, String text, String tags,
        String id, String runId, String system, String workload, String environment, String status,
        String verdict, String url) {

    static RunAnnotation of(Run run, Instant now, String url) {
        Instant end = run.endedAt() != null ? run.endedAt() : now;
        String status = run.status().name().toLowerCase(Locale.ROOT);
        String verdict = run.verdict() == null ? null : run.verdict().status();
        String title = run.series() + " run " + run.runId() + (run.version() == null ? "" : " (" + run.version() + ")");
        StringBuilder text = new StringBuilder(title).append(": ").append(status);
        if (run.endedAt() == null) {
            text.append(" since ").append(run.startedAt());
        }
        if (run.verdict() != null && run.verdict().summary() != null) {
            text.append(" — ").append(run.verdict().summary());
        }
        List<String> tags = new ArrayList<>(List.of("perfgate", run.system(), run.workload(), run.environment(), status));
        if (verdict != null) {
            tags.add(verdict.toLowerCase(Locale.ROOT));
        }
        return new RunAnnotation(run.startedAt().toEpochMilli(), end.toEpochMilli(), title, text.toString(),
                String.join(",", tags), run.id(), run.runId(), run.system(), run.workload(), run.environment(),
                status, verdict, url);
    }
}

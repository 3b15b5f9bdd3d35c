package dev.perfgate.alert;

import java.util.Locale;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import dev.perfgate.check.CheckResult;

/** An alert as plain JSON for a generic webhook: every fact and number as a field, no formatting. */
final class WebhookJson {

    private WebhookJson() {
    }

    static ObjectNode render(AlertMessage m, String mention, String dedupeKey) {
        ObjectNode body = JsonMapper.shared().createObjectNode();
        body.put("dedupeKey", dedupeKey);
        body.put("kind", m.kind().name().toLowerCase(Locale.ROOT));
        body.put("headline", m.headline());
        body.put("change", m.change());
        body.put("mention", mention);
        body.put("status", m.status().name());
        body.put("previousStatus", m.from() == null ? null : m.from().name());
        body.put("gate", m.gate());
        body.put("summary", m.summary());
        ObjectNode series = body.putObject("series");
        series.put("system", m.series().system()).put("workload", m.series().workload())
                .put("environment", m.series().environment());
        ObjectNode run = body.putObject("run");
        run.put("id", m.runKey()).put("runId", m.run()).put("version", m.version()).put("buildUrl", m.buildUrl())
                .put("buildNumber", m.buildNumber()).put("branch", m.branch()).put("commit", m.commit())
                .put("previousRunId", m.previousRun());
        body.putObject("verdict").put("id", m.verdictId()).put("evaluatedAt", m.evaluatedAt().toString())
                .put("reason", m.reason()).put("checkCount", m.checkCount());
        ArrayNode checks = body.putArray("checks");
        for (CheckResult c : m.checks()) {
            ObjectNode check = checks.addObject();
            check.put("id", c.id()).put("name", c.name()).put("request", c.request()).put("status", c.status().name())
                    .put("key", c.key()).put("message", c.message()).put("value", c.value()).put("unit", c.unit())
                    .put("baselineValue", c.baselineValue()).put("deltaPct", c.deltaPct());
            ArrayNode lines = check.putArray("explanation");
            if (c.explanation() != null) {
                c.explanation().forEach(lines::add);
            }
        }
        ObjectNode links = body.putObject("links");
        m.links().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                .forEach(e -> links.put(e.getKey(), e.getValue()));
        return body;
    }
}

package dev.perfgate.run;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perfgate.system.PublicUrls;

/** A run as the API shows it, with links to itself, its page, its results and its verdict. */
public record RunView(
        String id, String system, String workload, String environment, String runId,
        String version, String buildUrl, String buildNumber, String branch, String commit,
        Trigger trigger, List<String> tags, Map<String, String> annotations,
        Instant startedAt, Instant endedAt, int rampUpSeconds, RunStatus status, String statusReason,
        RunVerdict verdict, RegressionReview review, Map<String, String> links) {

    public static RunView of(Run run, PublicUrls urls) {
        Map<String, String> links = new LinkedHashMap<>();
        links.put("self", urls.of("/api/v1/runs/" + run.id()));
        links.put("ui", urls.of("/runs/" + run.id()));
        links.put("results", urls.of("/api/v1/runs/" + run.id() + "/results"));
        links.put("verdict", urls.of("/api/v1/runs/" + run.id() + "/verdict"));
        links.put("compare", urls.of("/compare?run=" + run.id()));
        return new RunView(run.id(), run.system(), run.workload(), run.environment(), run.runId(),
                run.version(), run.buildUrl(), run.buildNumber(), run.branch(), run.commit(),
                run.trigger(), run.tags(), run.annotations(), run.startedAt(), run.endedAt(),
                run.rampUpSeconds(), run.status(), run.statusReason(), run.verdict(), run.review(), links);
    }
}

package dev.perfgate.check;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perfgate.run.RegressionReview;
import dev.perfgate.run.Run;
import dev.perfgate.system.PublicUrls;

/**
 * A verdict as the API shows it: the run it judges, every check with its numbers, the links to the evidence, and an
 * admin's review of the run's regression when there is one (accepted as the new normal, or denied).
 */
public record VerdictView(
        String verdictId, String id, String runId, String system, String workload, String environment, String version,
        String status, GateResult gate, String summary, Instant evaluatedAt, String reason, String definitionFile,
        String definitionVersion, String baselineStrategy, Verdict.Validity validity, List<CheckResult> checks,
        List<ProfileSummary> profiles, Map<String, String> links, RegressionReview review) {

    static VerdictView pending(Run run, PublicUrls urls) {
        return new VerdictView(null, run.id(), run.runId(), run.system(), run.workload(), run.environment(), run.version(),
                VerdictService.PENDING, null, run.isEnded() ? "evaluation pending" : "the run has not ended yet",
                null, null, null, null, null, null, List.of(), List.of(), links(run, null, urls), run.review());
    }

    public static VerdictView of(Run run, Verdict v, PublicUrls urls) {
        return new VerdictView(v.id(), run.id(), run.runId(), run.system(), run.workload(), run.environment(),
                run.version(), v.status().name(), v.gate(), v.summary(), v.evaluatedAt(), v.reason(), v.definitionFile(),
                v.definitionVersion(), v.baselineStrategy(), v.validity(), v.checks(),
                v.profiles() == null ? List.of() : v.profiles(), links(run, v, urls), run.review());
    }

    private static Map<String, String> links(Run run, Verdict v, PublicUrls urls) {
        Map<String, String> links = new LinkedHashMap<>();
        links.put("run", urls.of("/runs/" + run.id()));
        links.put("self", urls.of("/api/v1/runs/" + run.id() + "/verdict"));
        String baseline = v == null ? null : v.comparedWith().orElse(null);
        links.put("compare", urls.of("/compare?run=" + run.id() + (baseline == null ? "" : "&with=" + baseline)));
        links.put("trends", urls.of("/series/" + run.system() + "/" + run.workload() + "/" + run.environment() + "/trends"));
        if (v != null && v.profiles() != null && !v.profiles().isEmpty()) {
            ProfileSummary cpu = v.profiles().stream().filter(p -> p.type().equals("cpu")).findFirst().orElse(v.profiles().get(0));
            if (cpu.flamegraphUrl() != null) { // none when the profile could not be read (e.g. no whole bucket)
                links.put("flamegraph", cpu.flamegraphUrl());
            }
            if (cpu.diffUrl() != null) {
                links.put("flamegraphDiff", cpu.diffUrl());
            }
            if (cpu.comparisonUrl() != null) {
                links.put("flamegraphComparison", cpu.comparisonUrl());
            }
        }
        return links;
    }
}

package dev.perfgate.definition;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnore;

/** A checks/ file: the checks that judge the runs of a system (optionally only some workloads and environments). */
public record GateDefinition(
        String file,
        String system,
        List<String> workloads,
        List<String> environments,
        String prometheusUrl,
        Map<String, String> environmentPrometheusUrls,
        BaselineStrategy baseline,
        int baselineRuns,
        int noiseRuns,
        InconclusivePolicy inconclusive,
        Validity validity,
        List<CheckDefinition> checks,
        String version,
        Pyroscope pyroscope,
        Map<String, Pyroscope> environmentPyroscopes,
        Cost cost,
        @JsonIgnore List<Credential> credentials,
        Duration warmup,
        String processStart) {

    /**
     * How PerfGate authenticates to a Prometheus or Pyroscope at {@code url} (secret-free): by reference (an
     * environment variable or a file holding the password or token), or with what a URL held (user:password@,
     * token= ...), taken out of it at parse time. Never serialised, never printed.
     */
    public record Credential(String url, String username, String password, String passwordEnv, String passwordFile,
            String bearerTokenEnv, String bearerTokenFile, List<String> secretParameters) {

        /** Whether a request to {@code uri} goes to this server: same scheme, host and port, under its path. */
        public boolean covers(String uri) {
            String base = url.replaceAll("[?#].*$", "").replaceAll("/+$", "");
            return uri.equals(base) || uri.startsWith(base + "/") || uri.startsWith(base + "?");
        }

        @Override
        public String toString() {
            return "Credential[" + url + (username == null ? "" : ", user " + username)
                    + (passwordEnv == null ? "" : ", password from $" + passwordEnv)
                    + (passwordFile == null ? "" : ", password from " + passwordFile)
                    + (bearerTokenEnv == null ? "" : ", token from $" + bearerTokenEnv)
                    + (bearerTokenFile == null ? "" : ", token from " + bearerTokenFile)
                    + (password == null ? "" : ", password " + SecretUrls.MASK)
                    + (secretParameters.isEmpty() ? "" : ", " + secretParameters.size() + " secret parameter(s)") + "]";
        }
    }

    /** The credential for a request to {@code uri}: the one whose URL is its longest prefix; null when none. */
    public Credential credentialFor(String uri) {
        Credential best = null;
        for (Credential credential : credentials) {
            if (credential.covers(uri) && (best == null || credential.url().length() > best.url().length())) {
                best = credential;
            }
        }
        return best;
    }

    /** Where a system's profiles are (see the schema's pyroscopeTarget). */
    public record Pyroscope(String url, String dialect, String uiUrl, String application, Map<String, String> labels,
            String runLabel, List<String> profiles, Map<String, String> profileNames, int uploadIntervalSeconds, int topN) {
    }

    /** A core-hour price for turning CPU changes into money. */
    public record Cost(double pricePerCoreHour, String currency) {
    }

    /** The Pyroscope of an environment: its own setting, else the file's; null when none. */
    public Pyroscope pyroscopeFor(String environment) {
        return environmentPyroscopes.getOrDefault(environment, pyroscope);
    }

    /** How the baseline of a run is chosen. */
    public enum BaselineStrategy { PREVIOUS, MEDIAN, PINNED }

    /** What an INCONCLUSIVE check does to the gate. */
    public enum InconclusivePolicy { FAIL, WARN, PASS }

    /** Workload expectations; null fields are not checked. */
    public record Validity(Long minRequests, Double minThroughputRps, Double maxErrorPct, Double minDurationSeconds) {
        public static final Validity NONE = new Validity(null, null, null, null);
    }

    public boolean appliesTo(String system, String workload, String environment) {
        return this.system.equals(system)
                && (workloads.isEmpty() || workloads.contains(workload))
                && (environments.isEmpty() || environments.contains(environment));
    }

    /** The Prometheus of an environment: its own setting, else the file's. */
    public String prometheusUrlFor(String environment) {
        return environmentPrometheusUrls.getOrDefault(environment, prometheusUrl);
    }

    /**
     * Whether this and {@code other} judge some series alike: the same system, as specific (both name workloads, or
     * neither; the same for environments), and a workload and an environment in common. Which of the two judges such
     * a series would be an accident of their file names, so its runs are not judged (INCONCLUSIVE).
     */
    public boolean overlaps(GateDefinition other) {
        return system.equals(other.system) && specificity() == other.specificity()
                && (workloads.isEmpty() || !Collections.disjoint(workloads, other.workloads))
                && (environments.isEmpty() || !Collections.disjoint(environments, other.environments));
    }

    /** More specific definitions win: one naming workloads and environments beats one for the whole system. */
    public int specificity() {
        return (workloads.isEmpty() ? 0 : 2) + (environments.isEmpty() ? 0 : 1);
    }
}

package dev.perfgate.check;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.Numbers;
import dev.perfgate.definition.Rule;

/**
 * What a real reading looks like. A reading that cannot be real is judged like no data (INCONCLUSIVE with the
 * reason), never a pass: an exporter that reports zeros for a process that is not there is a failed query in
 * another form. Pure: the caller fetches the samples.
 * <ul>
 * <li>a CPU metric that reads 0 in every sample of the steady state while the run served requests;</li>
 * <li>a CPU metric that reads the same non-zero value in every sample (a live process's CPU moves: stale data);</li>
 * <li>a rate or increase of a counter below 0;</li>
 * <li>a process-exporter group with no process in it during the run;</li>
 * <li>a value outside the check's own {@code expect} rules.</li>
 * </ul>
 */
final class Plausibility {

    /** Metric names that count a process's CPU time or usage (process-exporter, node, cAdvisor, Micrometer). */
    private static final Pattern CPU = Pattern.compile("cpu_seconds_total|cpu_usage|cpu_seconds|process_cpu");
    private static final Pattern COUNTER = Pattern.compile("\\b(?:i?rate|increase)\\s*\\(");
    private static final Pattern GROUP = Pattern.compile(
            "namedprocess_namegroup_\\w+\\s*\\{[^}]*groupname\\s*=\\s*\"([^\"]+)\"");
    /** Fewer samples than this prove nothing about a series being flat. */
    private static final int FLAT_MIN_SAMPLES = 5;

    private Plausibility() {
    }

    /** Why a query's samples over the steady state cannot be real; empty when they can. */
    /** Whether a query reads CPU (process-exporter, cAdvisor, Micrometer's process CPU). */
    static boolean readsCpu(String query) {
        return CPU.matcher(query).find();
    }

    static Optional<String> ofSamples(String query, List<Double> samples, long requestsServed) {
        boolean cpu = readsCpu(query);
        if (COUNTER.matcher(query).find()) {
            double min = samples.stream().mapToDouble(Double::doubleValue).min().orElse(0);
            if (min < 0) {
                return Optional.of("a rate of a counter read " + Numbers.format(min) + ", and a counter's rate cannot be negative");
            }
        }
        if (!cpu || samples.isEmpty()) {
            return Optional.empty();
        }
        double first = samples.get(0);
        boolean flat = samples.stream().allMatch(v -> v == first);
        if (flat && first == 0 && requestsServed > 0) {
            return Optional.of("the CPU metric read 0 in all " + samples.size() + " samples of the steady state while "
                    + String.format(Locale.ROOT, "%,d", requestsServed)
                    + " requests were served: is the exporter matching the process?");
        }
        if (flat && first != 0 && samples.size() >= FLAT_MIN_SAMPLES) {
            return Optional.of("the CPU metric read exactly " + Numbers.format(first) + " in all " + samples.size()
                    + " samples of the steady state; a live process's CPU moves: is the data stale?");
        }
        return Optional.empty();
    }

    /** The process-exporter group a query reads by name, if any. */
    static Optional<String> processGroup(String query) {
        Matcher m = GROUP.matcher(query);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** The query that counts a process-exporter group's processes. */
    static String processCountQuery(String group) {
        return "max(namedprocess_namegroup_num_procs{groupname=\"" + group.replace("\\", "\\\\").replace("\"", "\\\"") + "\"})";
    }

    /** Why a group whose process count was read cannot have been measured; empty when a process was there. */
    static Optional<String> ofProcessCount(String group, List<Double> counts) {
        if (counts.isEmpty() || counts.stream().anyMatch(c -> c > 0)) {
            return Optional.empty();
        }
        return Optional.of("process-exporter group '" + group + "' had no process during the run (num_procs 0): "
                + "is the exporter matching the process?");
    }

    /** Why a value breaks the check's own statement of a real reading; empty when it holds (or none is stated). */
    static Optional<String> ofExpect(CheckDefinition check, double value) {
        for (Rule rule : check.expect()) {
            if (!rule.operator().holds(value, rule.threshold())) {
                return Optional.of("read " + Evaluator.withUnit(value, check.unit()) + ", which is not what a real reading "
                        + "looks like: expected " + rule.operator().symbol() + " " + rule.thresholdText());
            }
        }
        return Optional.empty();
    }
}

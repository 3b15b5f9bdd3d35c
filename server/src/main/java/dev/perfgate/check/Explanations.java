package dev.perfgate.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.ValueSource;

/**
 * Puts the functions that explain a broken check next to it (the profile feature's {@code ProfileWording} words the
 * lines): a failing CPU, latency or efficiency check carries the top lines of the matching profile diffs (CPU for CPU, allocations for memory,
 * CPU plus lock and wall time for latency).
 */
final class Explanations {

    private static final int LINES_PER_PROFILE = 3;

    private Explanations() {
    }

    static CheckResult attach(CheckResult result, CheckDefinition check, ProfileEvidence.Evidence evidence) {
        if (result.status() == CheckStatus.PASS || evidence.summaries().isEmpty()) {
            return result;
        }
        List<String> lines = new ArrayList<>();
        for (String type : relevantTypes(check)) {
            evidence.summary(type).ifPresent(summary -> summary.lines().stream().limit(LINES_PER_PROFILE).forEach(lines::add));
        }
        return lines.isEmpty() ? result : result.explainedBy(lines);
    }

    static List<String> relevantTypes(CheckDefinition check) {
        ValueSource source = check.source();
        if (source instanceof ValueSource.Profile p) {
            return List.of(p.type());
        }
        if (source instanceof ValueSource.Results r && r.statistic().latency()) {
            return List.of("cpu", "lock_duration", "wall");
        }
        String words = (check.id() + " " + check.name() + " " + source).toLowerCase(Locale.ROOT);
        if (words.contains("alloc") || words.contains("heap") || words.contains("memory") || words.contains("gc")) {
            return List.of("alloc_bytes", "alloc_objects");
        }
        if (words.contains("lock") || words.contains("wait")) {
            return List.of("lock_duration", "lock_count", "wall");
        }
        return List.of("cpu");
    }
}

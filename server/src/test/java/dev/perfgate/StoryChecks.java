package dev.perfgate;

/**
 * The checks file of the Perfana story the ITs replay (runs 151–155): avg CPU posted as a measure, a key check with a
 * requirement and a growth rule, and p99 from the results, against the previous run (Perfana's rule).
 */
public final class StoryChecks {

    private StoryChecks() {
    }

    /** As the story has them: avg CPU {@code < 50} and {@code <= +10%} over the baseline, p99 {@code <= 200ms}. */
    public static String of(String system) {
        return of(system, "< 50", "<= +10%", "<= 200ms");
    }

    /** With other limits; a null {@code p99} leaves the p99 check out. */
    public static String of(String system, String cpu, String growth, String p99) {
        // Perfana's rule, as the story has it: 155, the fix, is compared with 154
        String yaml = """
                system: %s
                baseline: { strategy: previous }
                checks:
                  - id: cpu
                    name: avg CPU
                    unit: "%%"
                    key: true
                    measure: cpu_avg_pct
                    requirement: "%s"
                    growth: "%s"
                """.formatted(system, cpu, growth);
        return p99 == null ? yaml : yaml + """
                  - id: p99
                    name: p99 response time
                    results: { stat: p99 }
                    requirement: "%s"
                """.formatted(p99);
    }
}

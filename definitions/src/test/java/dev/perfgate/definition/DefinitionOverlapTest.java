package dev.perfgate.definition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Two files that would judge the same series: which applies would depend on their names, so it is a problem. */
class DefinitionOverlapTest {

    private final DefinitionParser parser = new DefinitionParser();

    private GateDefinition definition(String file, String system, String scope) {
        return parser.parse(file, """
                system: %s
                %s
                checks:
                  - id: p99
                    results: { stat: p99 }
                    requirement: "<= 200ms"
                """.formatted(system, scope)).definition();
    }

    @Test
    void shouldFindFilesThatJudgeTheSameSeriesAlike() {
        GateDefinition all = definition("orders.yaml", "orders", "");
        GateDefinition allToo = definition("zz-orders.yaml", "orders", "");
        GateDefinition peak = definition("peak.yaml", "orders", "workloads: [peak, soak]");
        GateDefinition peakToo = definition("peak-too.yaml", "orders", "workloads: [peak]");
        GateDefinition smoke = definition("smoke.yaml", "orders", "workloads: [smoke]");
        GateDefinition peakInTest = definition("peak-test.yaml", "orders", "workloads: [peak]\nenvironments: [test]");
        GateDefinition other = definition("other.yaml", "payments", "");

        assertThat(all.overlaps(allToo)).isTrue();
        assertThat(peak.overlaps(peakToo)).isTrue();
        // a more specific file wins over a general one: no overlap
        assertThat(all.overlaps(peak)).isFalse();
        assertThat(peak.overlaps(smoke)).isFalse();
        assertThat(peakToo.overlaps(peakInTest)).isFalse();
        assertThat(all.overlaps(other)).isFalse();

        List<Problem> problems = DefinitionDirectory.overlaps(List.of(allToo, peak, all, smoke, peakToo, other));
        assertThat(problems).extracting(Problem::file).containsExactly("zz-orders.yaml", "peak.yaml");
        assertThat(problems.get(1).message()).startsWith("judges the same series as peak-too.yaml (system 'orders', "
                + "workloads [peak], every one of its environments)");
        assertThat(problems.get(0).message()).contains("judges the same series as orders.yaml")
                .contains("INCONCLUSIVE");
    }
}

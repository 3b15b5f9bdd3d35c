package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perfgate.definition.DefinitionParser;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.ValueSource;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Trigger;

class ProfileEvidenceTest {

    private static final GateDefinition GATE = new DefinitionParser().parse("g.yaml", """
            system: s
            pyroscope: { url: http://127.0.0.1:9, application: app, profiles: [cpu] }
            checks:
              - id: alloc
                profile: { type: cpu, measure: totalPerRequest }
                growth: "<= +10%"
            """).definition();

    @Test
    void shouldSayThereIsNoSteadyStateWhenTheRunEndsWithinItsRampUp() {
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        Run run = new Run("id", "s", "w", "e", "1", null, null, null, null, null, Trigger.API, List.of(), Map.of(),
                start, start.plusMillis(150), 5, RunStatus.COMPLETED, null, start, null, null);
        ProfileEvidence evidence = new ProfileEvidence((target, type, selection) -> {
            throw new AssertionError("nothing to fetch without a steady state");
        });

        ProfileEvidence.Evidence collected = evidence.collect(GATE, run, null, null, null);

        assertThat(collected.summaries()).singleElement().satisfies(s -> {
            assertThat(s.status()).isEqualTo("INCONCLUSIVE");
            assertThat(s.reason()).contains("no steady state").contains("within its 5 s ramp-up");
        });
        Measurement value = collected.value(new ValueSource.Profile("cpu", "totalPerRequest", null));
        assertThat(value.present()).isFalse();
        assertThat(value.missing()).contains("no steady state");
    }
}

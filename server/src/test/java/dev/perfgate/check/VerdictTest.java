package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perfgate.definition.DefinitionParser;
import dev.perfgate.definition.GateDefinition;

class VerdictTest {

    private static final GateDefinition GATE = new DefinitionParser().parse("g.yaml", """
            system: s
            checks:
              - id: p99
                measure: p99
                growth: "<= +10%"
            """).definition();
    private static final Verdict.Stamp STAMP = new Verdict.Stamp("v", "r", Instant.parse("2026-03-01T10:00:00Z"), "ended");

    private static CheckResult p99(CheckStatus status) {
        return new CheckResult("p99", "p99", "fp", null, status, false, status.name(), 111.0, "ms", null, null,
                "<= +10%", status, "b", "median of 5 runs", 100.0, 11.0, 11.0, 0.0, null, "", List.of());
    }

    private static ProfileSummary explained() {
        return new ProfileSummary("alloc_bytes", "EXPLAINED", "allocated bytes profile of 2.0 GiB", "f", "d", "c", "b",
                "run 1", 1e6, 1e8, "bytes",
                List.of(new ProfileSummary.Function("com/acme/Parser.parse", 900, 900, 45.0, 45.0, null, null)),
                List.of(), List.of("com/acme/Parser.parse self allocated bytes 44.0 % → 45.0 % (+1.0 KiB)"), null, null,
                2_000L, 1_900L, "bytes", 0.9e6, null);
    }

    @Test
    void shouldCompareWithTheRunItsProfilesWereJudgedAgainstElseItsChecksBaseline() {
        // Given a verdict whose checks' median ends at run b (a later run kept out of it, its value elevated) and whose
        // profiles were judged against the last good run p
        ProfileSummary againstP = new ProfileSummary("cpu", "EXPLAINED", "cpu", "f", "d", "c", "p", "run p", 1.0, 2.0,
                "s", List.of(), List.of(), List.of(), null, null, 20L, 20L, "s", 0.05, null);

        // When / Then
        assertThat(Verdict.judged(STAMP, GATE, List.of(p99(CheckStatus.FAIL)), List.of(againstP)).comparedWith())
                .as("the diff and the functions that grew come from the profiles").contains("p");
        assertThat(Verdict.judged(STAMP, GATE, List.of(p99(CheckStatus.FAIL)), List.of()).comparedWith()).contains("b");
        assertThat(Verdict.inconclusive(STAMP, "no checks").comparedWith()).isEmpty();
    }

    @Test
    void shouldListNoFunctionsThatGrewOnAPassingRun() {
        // Given / When
        Verdict verdict = Verdict.judged(STAMP, GATE, List.of(p99(CheckStatus.PASS)), List.of(explained()));

        // Then
        assertThat(verdict.status()).isEqualTo(CheckStatus.PASS);
        ProfileSummary kept = verdict.profiles().get(0);
        assertThat(kept.lines()).as("no functions that grew under a pass").isEmpty();
        assertThat(kept.top()).as("the evidence itself stays").hasSize(1);
        assertThat(kept.runTicks()).isEqualTo(2_000L);
    }

    @Test
    void shouldKeepTheFunctionsThatGrewOnAFailingRun() {
        // Given / When
        Verdict verdict = Verdict.judged(STAMP, GATE, List.of(p99(CheckStatus.FAIL)), List.of(explained()));

        // Then
        assertThat(verdict.profiles().get(0).lines()).singleElement().asString().contains("Parser.parse");
    }
}

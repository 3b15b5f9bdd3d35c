package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.perfgate.definition.DefinitionParser;
import dev.perfgate.definition.GateDefinition;

class RuleNoiseTest {

    /** CPU that varies ±9 % from run to run: median 50 %, MAD 3, robust sd 4.45 (8.9 % of the median). */
    static final double[] NOISY_CPU = {50, 47, 53, 50, 44, 56, 50, 53, 47, 50};
    static final double[] STEADY_SEARCH = {100, 101, 99, 100, 102, 98, 100, 101, 99, 100};

    static GateDefinition gate(String cpuGrowth, String p95Growth) {
        DefinitionParser.Result parsed = new DefinitionParser().parse("shop.yaml", """
                system: shop
                noise: { runs: 10 }
                checks:
                  - id: cpu
                    name: avg CPU
                    unit: "%%"
                    measure: cpu_avg_pct
                    requirement: "< 80"
                    growth: "%s"
                  - id: p95
                    name: p95
                    results: { requestPattern: ".*", stat: p95 }
                    growth: "%s"
                  - id: ceiling
                    name: p99 ceiling
                    results: { stat: p99 }
                    requirement: "< 500"
                """.formatted(cpuGrowth, p95Growth));
        assertThat(parsed.problems()).isEmpty();
        return parsed.definition();
    }

    /** Good runs, newest first: CPU as given, p95 of /cart steady at 200 ms and p95 of /search as given. */
    static List<PastRun> history(GateDefinition gate, double[] cpu, double[] search) {
        String cpuPrint = gate.checks().get(0).fingerprint();
        String p95Print = gate.checks().get(1).fingerprint();
        List<PastRun> runs = new ArrayList<>();
        for (int i = 0; i < cpu.length; i++) {
            runs.add(PastRun.of("id" + i, String.valueOf(cpu.length - i), null, false, List.of(
                    new PastRun.Recorded(cpuPrint, null, cpu[i], false, null),
                    new PastRun.Recorded(p95Print, "/cart", 200.0 + (i % 2), false, null),
                    new PastRun.Recorded(p95Print, "/search", search[i], false, null))));
        }
        return runs;
    }

    @Test
    void shouldFlagARuleNarrowerThanThreeSdOfARunAgainstTheMedianWithTheRuleThatWouldHold() {
        // Given CPU that varies ±9 % from run to run, and a +10 % rule
        GateDefinition gate = gate("<= +10%", "<= +20%");

        // When
        List<RuleNoise.Warning> warnings = RuleNoise.review(gate, "shop/peak/test",
                history(gate, NOISY_CPU, STEADY_SEARCH));

        // Then the CPU rule is flagged with the numbers; the steady p95 rules and the requirement are not
        assertThat(warnings).singleElement().satisfies(w -> {
            assertThat(w.check()).isEqualTo("cpu");
            assertThat(w.runs()).isEqualTo(10);
            assertThat(w.noisePct()).isCloseTo(100 * 1.4826 * 3 / 50, org.assertj.core.api.Assertions.within(1e-9));
            assertThat(w.holdsPct()).as("3 x 8.9 %% x sqrt(1 + (pi / 2) / 10)").isEqualTo(29);
            assertThat(w.message()).isEqualTo("avg CPU: growth <= +10% sits inside the noise of shop/peak/test: its last"
                    + " 10 good runs vary by ±8.9 % (robust sd), so clean runs cross the rule and wait as suspected"
                    + " (WARN); a rule of 29 % or more (3 sd of one run against the median of 10) would hold");
        });
    }

    @Test
    void shouldFlagEachRequestOfAPerRequestCheckOnItsOwn() {
        // Given /search's p95 varies ±15 % while /cart's is steady
        GateDefinition gate = gate("<= +50%", "<= +20%");
        double[] cpu = {50, 49, 51, 50, 50, 49, 51, 50, 50, 50};
        double[] search = {100, 85, 115, 100, 80, 120, 100, 115, 85, 100};

        // When
        List<RuleNoise.Warning> warnings = RuleNoise.review(gate, "shop/peak/test", history(gate, cpu, search));

        // Then only /search is flagged, labelled as the verdict labels it
        assertThat(warnings).extracting(RuleNoise.Warning::label).containsExactly("p95 of /search");
    }

    @Test
    void shouldCountTheFloorAsTheShareOfTheMedianItIs() {
        // Given the +10 % rule of a 50 % CPU with a floor of 15 points: a change must exceed 30 %
        GateDefinition floored = new DefinitionParser().parse("shop.yaml", """
                system: shop
                noise: { runs: 10 }
                checks:
                  - id: cpu
                    name: avg CPU
                    unit: "%"
                    measure: cpu_avg_pct
                    growth: "<= +10%"
                    floor: 15
                """).definition();
        String print = floored.checks().get(0).fingerprint();
        List<PastRun> runs = new ArrayList<>();
        for (int i = 0; i < NOISY_CPU.length; i++) {
            runs.add(PastRun.of("id" + i, String.valueOf(i), null, false,
                    List.of(new PastRun.Recorded(print, null, NOISY_CPU[i], false, null))));
        }

        // Then 28.7 % (3 sd of a run against the median of 10 with 8.9 % of noise) is inside what the rule lets pass
        assertThat(RuleNoise.review(floored, "shop/peak/test", runs)).isEmpty();
    }

    @Test
    void shouldSayNothingWithoutEnoughHistoryOrWhenTheRuleIsWideEnough() {
        GateDefinition narrow = gate("<= +10%", "<= +20%");
        GateDefinition wide = gate("<= +30%", "<= +20%");

        assertThat(RuleNoise.review(narrow, "s", history(narrow, new double[] {50, 40}, new double[] {100, 100})))
                .as("two runs are no measure of noise").isEmpty();
        assertThat(RuleNoise.review(wide, "s", history(wide, NOISY_CPU, STEADY_SEARCH))).as("+30 % is over 28.7 %").isEmpty();
    }

    @Test
    void shouldRecommendRulesThatCleanRunsSeldomCross() {
        // Given 2,000 seeded series of 10 clean runs (normal noise, sd 10 % of the mean), each judged by the rule the
        // note would recommend for it, and 50 further clean runs of each against the median of its last 5 runs
        Random random = new Random(20261127);
        int series = 2_000;
        int runs = 50;
        long crossedRecommended = 0;
        long crossedTwiceTheNoise = 0;
        for (int s = 0; s < series; s++) {
            List<Double> history = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                history.add(100 + 10 * random.nextGaussian());
            }
            Noise noise = Noise.of(history, null);
            double baseline = Noise.median(history.subList(5, 10));
            for (int r = 0; r < runs; r++) {
                double growthPct = 100 * ((100 + 10 * random.nextGaussian()) / baseline - 1);
                crossedRecommended += growthPct > Math.ceil(noise.holdsPct()) ? 1 : 0;
                crossedTwiceTheNoise += growthPct > Math.ceil(2 * noise.noisePct()) ? 1 : 0;
            }
        }

        // Then few clean runs cross the recommended rule: 2.05 % here, 7.49 % at twice the run-to-run spread
        double recommended = 100.0 * crossedRecommended / (series * runs);
        double twice = 100.0 * crossedTwiceTheNoise / (series * runs);
        System.out.printf(Locale.ROOT, "clean runs crossing the recommended rule: %.2f %%, twice the noise: %.2f %%%n",
                recommended, twice);
        assertThat(recommended).isLessThan(3.5);
        assertThat(twice).as("the former recommendation").isGreaterThan(6);
    }
}

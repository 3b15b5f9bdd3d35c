package dev.perfgate.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perfgate.bench.GateQualityBench.Series;
import dev.perfgate.bench.OracleBound.Hypothesis;

class OracleBoundTest {

    static final double SIGMA_AT_CV_2 = Math.sqrt(Math.log(1 + 0.02 * 0.02));

    @Test
    void shouldGiveEverySeriesTheGeneratorCanDrawAPriorThatSumsToOne() {
        List<Hypothesis> hypotheses = OracleBound.hypotheses();

        double total = hypotheses.stream().mapToDouble(h -> Math.exp(h.logPrior())).sum();

        assertThat(total).isCloseTo(1.0, within(1e-9));
        assertThat(hypotheses).as("A/A, 4 step sizes x 5 starts x 3 ends, 8 spike runs").hasSize(1 + 4 * 5 * 3 + 8);
    }

    @Test
    void shouldBeSureOfAFiftyPercentStepFromItsFirstRun() {
        Series step = series(100, 100, 100, 100, 100, 150, 150, 150, 150, 150, 150, 150, 150, 150);

        double[] posterior = OracleBound.posterior(step, OracleBound.hypotheses());

        assertThat(posterior[4]).as("before the step").isLessThan(0.01);
        assertThat(posterior[5]).as("its first run").isGreaterThan(0.99);
    }

    @Test
    void shouldNotCallAFlatSeriesRegressed() {
        Series flat = series(100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100);

        double[] posterior = OracleBound.posterior(flat, OracleBound.hypotheses());

        assertThat(Arrays.stream(posterior).max().orElseThrow()).isLessThan(0.01);
    }

    @Test
    void shouldTellAOneRunSpikeFromAStepOnceTheNextRunIsBack() {
        Series spike = series(100, 100, 100, 100, 100, 100, 130, 100, 100, 100, 100, 100, 100, 100);

        double[] posterior = OracleBound.posterior(spike, OracleBound.hypotheses());

        assertThat(posterior[6]).as("a +30 % run fits the spike far better than a +20 % or +50 % step").isLessThan(0.5);
        assertThat(posterior[7]).as("the run after it").isLessThan(0.01);
    }

    private static Series series(double... values) {
        return new Series("test", 0.02, values, new boolean[values.length], new boolean[values.length], 100, SIGMA_AT_CV_2);
    }
}

package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perfgate.check.ChangePoints.ChangePoint;

class ChangePointsTest {

    /** A fixed jitter of ±2 % around 100: what a quiet series looks like. */
    private static final double[] JITTER = {0.4, -1.1, 1.6, -0.3, 0.9, -1.8, 0.2, 1.3, -0.7, -0.2, 1.9, -1.4, 0.6, -0.9, 1.1};

    private static List<Double> series(double... levels) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < levels.length; i++) {
            values.add(levels[i] * (1 + JITTER[i % JITTER.length] / 100));
        }
        return values;
    }

    @Test
    void shouldFindNoChangeInAQuietSeries() {
        List<Double> flat = series(100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100);

        assertThat(ChangePoints.of(flat)).isEmpty();
    }

    @Test
    void shouldFindAStepWhereItStartsWithTheLevelsAroundIt() {
        List<Double> step = series(100, 100, 100, 100, 100, 100, 100, 120, 120, 120, 120, 120, 120, 120, 120);

        List<ChangePoint> points = ChangePoints.of(step);

        assertThat(points).hasSize(1);
        assertThat(points.get(0).index()).isEqualTo(7);
        assertThat(points.get(0).changePct()).isCloseTo(20, within(2.0));
        assertThat(points.get(0).pValue()).isLessThan(ChangePoints.ALPHA);
    }

    @Test
    void shouldCatchASlowCreepOfTwoPercentPerRunThatBreaksNoRunOverRunRule() {
        double[] levels = new double[15];
        for (int i = 0; i < levels.length; i++) {
            levels[i] = i < 5 ? 100 : 100 * Math.pow(1.02, i - 4);
        }
        List<Double> creep = series(levels);

        List<ChangePoint> points = ChangePoints.of(creep);

        assertThat(points).as("creep from run 6 on").isNotEmpty();
        assertThat(points.get(0).index()).isBetween(5, 10);
        assertThat(points.get(0).changePct()).isGreaterThan(5);
    }

    @Test
    void shouldNotTakeAOneRunSpikeForAChange() {
        List<Double> spike = series(100, 100, 100, 100, 100, 100, 100, 130, 100, 100, 100, 100, 100, 100, 100);

        assertThat(ChangePoints.of(spike)).isEmpty();
    }

    @Test
    void shouldShareRanksBetweenTies() {
        assertThat(ChangePoints.ranks(List.of(5.0, 1.0, 5.0, 3.0))).containsExactly(3.5, 1, 3.5, 2);
    }

    @Test
    void shouldNeedTwoSegmentsOfThreeRuns() {
        assertThat(ChangePoints.of(List.of(1.0, 1.0, 1.0, 9.0, 9.0))).isEmpty();
    }
}

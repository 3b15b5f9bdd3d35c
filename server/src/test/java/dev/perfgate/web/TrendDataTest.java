package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class TrendDataTest {

    private static List<TrendData.Point> points(double... values) {
        List<TrendData.Point> points = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            points.add(new TrendData.Point(1000L * i, values[i], "PASS", "PASS", "id" + (i + 1), String.valueOf(i + 1),
                    null, null, null, null));
        }
        return points;
    }

    @Test
    void shouldMarkTheRunWhereTheLevelChanged() {
        List<TrendData.Point> step = points(100, 101, 99, 100.5, 99.5, 100, 120, 121, 119, 120.5, 119.5, 120);

        List<TrendData.Change> changes = TrendData.changes(step);

        assertThat(changes).hasSize(1);
        assertThat(changes.get(0).run()).isEqualTo("7");
        assertThat(changes.get(0).t()).isEqualTo(6000L);
        assertThat(changes.get(0).changePct()).isEqualTo(20.0);
    }

    @Test
    void shouldMarkNothingOnAFlatSeries() {
        assertThat(TrendData.changes(points(100, 101, 99, 100.5, 99.5, 100, 100.2, 99.8))).isEmpty();
    }
}

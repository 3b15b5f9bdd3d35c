package dev.perfgate.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.hipparchus.stat.inference.MannWhitneyUTest;

import dev.perfgate.definition.Numbers;

/**
 * Whether a run's CPU was at a steady state over the judged window, from the samples a Prometheus check read and the
 * load tool's requests per second: a JVM still warming up (compiling, loading classes) spends more CPU per request at
 * the start of the window than at its end. The samples are averaged in blocks of {@value #BLOCK} seconds (a rate over a
 * few seconds sampled every second shares most of its window with its neighbours; block means far less), each block
 * divided by the requests started in it, so a load that falls is not taken for a warm-up. The first and the last third
 * of the blocks are compared: their medians must fall by at least {@value #MIN_FALL_PCT} % and the fall must be
 * significant (Mann-Whitney U, one-sided p below {@value #MAX_P}). A window of fewer than {@value #MIN_BLOCKS} blocks,
 * or without requests counted in every block, is not judged. Pure.
 */
final class SteadyState {

    static final double MIN_FALL_PCT = 35;
    static final double MAX_P = 0.01;
    static final int BLOCK = 5;
    static final int MIN_BLOCKS = 15;

    private SteadyState() {
    }

    /**
     * Why the run was not at a steady state, when its CPU per request fell across the window beyond the bounds above.
     *
     * @param points   the CPU samples over the judged window ({@code [epoch seconds, value]}), oldest first, 1 s apart
     * @param requests the requests the load tool started in each second, by epoch second
     */
    static Optional<String> warming(List<double[]> points, Map<Long, Long> requests) {
        List<Double> blocks = new ArrayList<>();
        for (int start = 0; start + BLOCK <= points.size(); start += BLOCK) {
            double cpu = 0;
            long served = 0;
            for (double[] point : points.subList(start, start + BLOCK)) {
                cpu += point[1];
                served += requests.getOrDefault((long) Math.floor(point[0]), 0L);
            }
            if (served == 0) {
                return Optional.empty();
            }
            blocks.add(cpu / served);
        }
        if (blocks.size() < MIN_BLOCKS) {
            return Optional.empty();
        }
        int third = blocks.size() / 3;
        List<Double> first = blocks.subList(0, third);
        List<Double> last = blocks.subList(blocks.size() - third, blocks.size());
        double before = Noise.median(first);
        double after = Noise.median(last);
        double fall = before <= 0 ? 0 : 100 * (before - after) / before;
        if (fall < MIN_FALL_PCT) {
            return Optional.empty();
        }
        // Hipparchus gives the two-sided p; the fall's direction is known, so one side is half of it
        double p = new MannWhitneyUTest().mannWhitneyUTest(array(first), array(last)) / 2;
        if (p >= MAX_P) {
            return Optional.empty();
        }
        return Optional.of("not at a steady state: CPU per request fell " + Numbers.format(fall)
                + " % across the judged window (from its first third to its last, in " + BLOCK + " s blocks; Mann-Whitney p = "
                + String.format(Locale.ROOT, "%.2g", p) + "): the process was still warming up; declare a warm-up in"
                + " the checks (warmup: 90s, counted from processStart) or load longer");
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}

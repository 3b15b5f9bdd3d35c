package dev.perfgate.check;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * Change points of a check's history: pure, no I/O. Binary segmentation with a rank statistic: in a
 * segment, the split with the largest standardised Mann–Whitney U (how unlike the runs after it are
 * to the runs before, by rank only) is a change point when a permutation test says so (p below
 * {@value #ALPHA}: the largest U of {@value #PERMUTATIONS} shuffles of the same segment rarely reaches
 * it); both halves are then searched again. Ranks make one outlier (a spike) count as one run, not as
 * its size, and need no assumption about the noise's distribution; the permutation test accounts for
 * choosing the best of many splits (as E-divisive means does in Otava/MongoDB, with a cheaper statistic).
 * A slow creep, which breaks no run-over-run rule, shows as a change between its early and late runs.
 */
public final class ChangePoints {

    /** One change: the first run of the new level (index into the history, oldest first), the medians around it. */
    public record ChangePoint(int index, double before, double after, double changePct, double pValue) {
    }

    static final int MIN_SEGMENT = 3;
    static final int PERMUTATIONS = 499;
    static final double ALPHA = 0.01;

    private ChangePoints() {
    }

    /** The change points of {@code values} (oldest first), in order; none with fewer than 2 × {@value #MIN_SEGMENT} values. */
    public static List<ChangePoint> of(List<Double> values) {
        List<double[]> splits = new ArrayList<>();
        // seeded: the same history always gives the same change points
        Random random = new Random(values.size() * 31L + 7);
        search(values, 0, values.size(), splits, random);
        splits.sort(Comparator.comparingDouble(s -> s[0]));
        List<ChangePoint> points = new ArrayList<>();
        for (int i = 0; i < splits.size(); i++) {
            int from = i == 0 ? 0 : (int) splits.get(i - 1)[0];
            int to = i == splits.size() - 1 ? values.size() : (int) splits.get(i + 1)[0];
            int at = (int) splits.get(i)[0];
            double before = Noise.median(values.subList(from, at));
            double after = Noise.median(values.subList(at, to));
            double pct = before == 0 ? 0 : 100 * (after - before) / Math.abs(before);
            points.add(new ChangePoint(at, before, after, pct, splits.get(i)[1]));
        }
        return points;
    }

    private static void search(List<Double> values, int from, int to, List<double[]> splits, Random random) {
        if (to - from < 2 * MIN_SEGMENT) {
            return;
        }
        List<Double> segment = values.subList(from, to);
        double p = pValue(segment, random);
        if (p >= ALPHA) {
            return;
        }
        int at = from + best(ranks(segment)).split();
        splits.add(new double[] {at, p});
        search(values, from, at, splits, random);
        search(values, at, to, splits, random);
    }

    /** How often a shuffle of the segment has a best split at least as strong as the segment's own. */
    static double pValue(List<Double> segment, Random random) {
        double[] ranks = ranks(segment);
        double observed = best(ranks).z();
        int atLeast = 0;
        double[] shuffled = ranks.clone();
        for (int p = 0; p < PERMUTATIONS; p++) {
            for (int i = shuffled.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                double tmp = shuffled[i];
                shuffled[i] = shuffled[j];
                shuffled[j] = tmp;
            }
            if (best(shuffled).z() >= observed - 1e-12) {
                atLeast++;
            }
        }
        return (atLeast + 1.0) / (PERMUTATIONS + 1.0);
    }

    record Best(int split, double z) {
    }

    /** The split (first index of the right part) with the largest |z| of the Mann–Whitney U of left vs right. */
    static Best best(double[] ranks) {
        int n = ranks.length;
        double[] prefix = new double[n + 1];
        for (int i = 0; i < n; i++) {
            prefix[i + 1] = prefix[i] + ranks[i];
        }
        Best best = new Best(-1, -1);
        for (int k = MIN_SEGMENT; k <= n - MIN_SEGMENT; k++) {
            double left = k;
            double right = n - k;
            double u = prefix[k] - left * (left + 1) / 2;
            double mean = left * right / 2;
            double sd = Math.sqrt(left * right * (n + 1) / 12);
            double z = Math.abs(u - mean) / sd;
            if (z > best.z()) {
                best = new Best(k, z);
            }
        }
        return best;
    }

    /** Ranks 1..n, ties sharing their mean rank. */
    static double[] ranks(List<Double> values) {
        int n = values.size();
        Integer[] order = IntStream.range(0, n).boxed().toArray(Integer[]::new);
        java.util.Arrays.sort(order, Comparator.comparingDouble(values::get));
        double[] ranks = new double[n];
        for (int i = 0; i < n; ) {
            int j = i;
            while (j + 1 < n && values.get(order[j + 1]).equals(values.get(order[i]))) {
                j++;
            }
            double rank = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = rank;
            }
            i = j + 1;
        }
        return ranks;
    }
}

package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Test;

class SteadyStateTest {

    static final int SEEDS = 1_000;
    static final long T0 = 1_790_000_000L;

    /** One sampled run: CPU samples one a second, and the requests started in each second. */
    record Sampled(List<double[]> cpu, Map<Long, Long> requests) {
    }

    /**
     * A run as Prometheus and the load tool see it: {@code rps} requests a second (Poisson-like: ±√rps), CPU
     * {@code rate(…[5s])} sampled every second as a level per request times the load, times (1 + cv × noise), the noise
     * a moving average of 5 seconds of Gaussian noise scaled to sd 1 (neighbouring samples share 4 of their 5 seconds,
     * as rate windows do). The cost per request falls exponentially from {@code 1 + excess} to 1 over the window (time
     * constant a quarter of it); excess 0 is a steady run. {@code loadFall}: the load falls linearly by this share.
     */
    static Sampled run(Random random, int seconds, double cv, double excess, double loadFall) {
        double[] raw = new double[seconds + 4];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = random.nextGaussian();
        }
        List<double[]> cpu = new ArrayList<>();
        Map<Long, Long> requests = new HashMap<>();
        for (int i = 0; i < seconds; i++) {
            double rps = 24 * (1 - loadFall * i / seconds);
            long served = Math.max(1, Math.round(rps + Math.sqrt(rps) * random.nextGaussian()));
            requests.put(T0 + i, served);
            double noise = (raw[i] + raw[i + 1] + raw[i + 2] + raw[i + 3] + raw[i + 4]) / Math.sqrt(5);
            double perRequest = 0.4 * (1 + excess * Math.exp(-4.0 * i / seconds));
            cpu.add(new double[] {T0 + i + 0.5, Math.max(0, perRequest * rps * (1 + cv * noise))});
        }
        return new Sampled(cpu, requests);
    }

    static double rate(int seconds, double cv, double excess, double loadFall) {
        Random random = new Random(2026);
        int flagged = 0;
        for (int seed = 0; seed < SEEDS; seed++) {
            Sampled run = run(random, seconds, cv, excess, loadFall);
            if (SteadyState.warming(run.cpu(), run.requests()).isPresent()) {
                flagged++;
            }
        }
        return (double) flagged / SEEDS;
    }

    @Test
    void shouldAlmostNeverCallASteadyRunWarmingAtRealisticNoise() {
        // Given steady runs of 25, 60 and 120 s, CPU noise CV 5 to 30 % per sample (the demo's clean runs: 11-27 %),
        // some with a load that falls by half over the run
        StringBuilder figures = new StringBuilder("steady runs flagged as warming up (of " + SEEDS + "):");
        double worst = 0;
        for (int seconds : new int[] {25, 60, 120, 180}) {
            for (double cv : new double[] {0.05, 0.10, 0.20, 0.30}) {
                for (double loadFall : new double[] {0, 0.5}) {
                    double rate = rate(seconds, cv, 0, loadFall);
                    figures.append(String.format(" %ds cv=%.0f%%%s: %.1f%%;", seconds, 100 * cv,
                            loadFall > 0 ? " load -50%" : "", 100 * rate));
                    worst = Math.max(worst, rate);
                }
            }
        }
        System.out.println(figures);

        // Then at most 0.5 % of them, in every cell
        assertThat(worst).as(figures.toString()).isLessThanOrEqualTo(0.005);
    }

    @Test
    void shouldCatchAJvmWhoseCpuPerRequestHalvesAcrossTheWindow() {
        // Given runs of 120 and 180 s whose CPU per request starts 200 % above its steady level (medians of the first
        // and last third ~50 % apart), and, for the figures, 100 % above (~30 % apart: under the bound)
        StringBuilder figures = new StringBuilder("warming runs caught (of " + SEEDS + ", CPU noise CV 20 %):");
        double weakest = 1;
        for (int seconds : new int[] {120, 180}) {
            for (double excess : new double[] {1.0, 2.0}) {
                double rate = rate(seconds, 0.20, excess, 0);
                figures.append(String.format(" %ds excess=+%.0f%%: %.1f%%;", seconds, 100 * excess, 100 * rate));
                if (excess == 2.0 && seconds == 180) {
                    weakest = Math.min(weakest, rate);
                }
            }
        }
        System.out.println(figures);

        // Then at least 95 % of the clear cases of 3 minutes (120 s: 95.0 %, printed)
        assertThat(weakest).as(figures.toString()).isGreaterThanOrEqualTo(0.95);
    }

    @Test
    void shouldSayByHowMuchTheCpuPerRequestFellAndWhatToDo() {
        // Given 90 s at 10 requests a second: 20 % CPU for the first 30 s, then 12 %
        List<double[]> cpu = new ArrayList<>();
        Map<Long, Long> requests = new HashMap<>();
        for (int i = 0; i < 90; i++) {
            cpu.add(new double[] {T0 + i, (i < 30 ? 20.0 : 12.0) + (i % 3) * 0.1});
            requests.put(T0 + i, 10L);
        }

        // When
        Optional<String> reason = SteadyState.warming(cpu, requests);

        // Then
        assertThat(reason).hasValueSatisfying(r -> assertThat(r).startsWith("not at a steady state: CPU per request fell 39."
                ).contains(" % across the judged window (from its first third to its last, in 5 s blocks; Mann-Whitney p = ")
                .contains("declare a warm-up in the checks (warmup: 90s"));
    }

    @Test
    void shouldNotJudgeAShortWindowARiseOrAWindowWithoutRequestCounts() {
        List<double[]> falling = new ArrayList<>();
        List<double[]> rising = new ArrayList<>();
        Map<Long, Long> requests = new HashMap<>();
        for (int i = 0; i < 90; i++) {
            falling.add(new double[] {T0 + i, i < 30 ? 20.0 : 12.0});
            rising.add(new double[] {T0 + i, i < 30 ? 12.0 : 20.0});
            requests.put(T0 + i, 10L);
        }
        assertThat(SteadyState.warming(falling, requests)).as("the same 90 s are judged").isPresent();
        assertThat(SteadyState.warming(falling.subList(0, 70), requests)).as("70 s: 14 blocks").isEmpty();
        assertThat(SteadyState.warming(rising, requests)).as("a CPU that rose").isEmpty();
        assertThat(SteadyState.warming(falling, Map.of())).as("no request counts: warm-up or load change?").isEmpty();
    }
}

package dev.perfgate.gatling.results;

import com.tdunning.math.stats.AVLTreeDigest;
import com.tdunning.math.stats.TDigest;

/**
 * Accumulates the responses of one request name (or of all) and gives their {@link RequestStats}, computed as
 * Gatling 3.15's report computes its numbers, so that both agree for the same responses.
 *
 * <p>Gatling's report keeps OK response times in a t-digest ({@code AVLTreeDigest}, compression 100) fed in log
 * order; min and max are its 0 and 1 quantiles, percentiles its quantiles rounded to the millisecond. Gatling
 * 3.15 uses no HdrHistogram. The digest breaks ties between equally near centroids at random, so a percentile may
 * differ by 1 ms from one computation to the next, Gatling's own included.
 */
public final class StatsAccumulator {

  /** Gatling's report digest compression ({@code GeneralStatsBuffer}). */
  static final double COMPRESSION = 100.0;

  private final TDigest okTimes = new AVLTreeDigest(COMPRESSION);
  private long count;
  private long ko;
  private long okSum;

  /** Adds one response: its time in ms and whether it was OK. */
  public void add(int responseTimeMs, boolean ok) {
    count++;
    if (ok) {
      okTimes.add(responseTimeMs);
      okSum += responseTimeMs;
    } else {
      ko++;
    }
  }

  public long count() {
    return count;
  }

  /**
   * The statistics of the responses added so far.
   *
   * @param name the request name, null for global statistics
   * @param windowSeconds the length of the window the responses were counted in, for the throughput
   */
  public RequestStats toStats(String name, long windowSeconds) {
    if (windowSeconds <= 0) {
      throw new IllegalArgumentException("window must last at least 1 s, got " + windowSeconds + " s");
    }
    long ok = count - ko;
    boolean anyOk = ok > 0;
    return new RequestStats(
        name,
        count,
        ok,
        ko,
        count == 0 ? null : round(100.0 * ko / count, 3),
        anyOk ? (long) okTimes.quantile(0) : null,
        anyOk ? round((double) okSum / ok, 2) : null,
        anyOk ? (long) okTimes.quantile(1) : null,
        percentile(50, anyOk),
        percentile(75, anyOk),
        percentile(90, anyOk),
        percentile(95, anyOk),
        percentile(99, anyOk),
        percentile(99.9, anyOk),
        round((double) count / windowSeconds, 3));
  }

  /** The mean and 99th percentile of the OK times, for a time series point; null when none was OK. */
  Double okMean() {
    long ok = count - ko;
    return ok == 0 ? null : round((double) okSum / ok, 2);
  }

  Long p99() {
    return percentile(99, count > ko);
  }

  long ko() {
    return ko;
  }

  private Long percentile(double rank, boolean anyOk) {
    // rank / 100.0 exactly as Gatling divides, so that 99.9 maps to the same quantile
    return anyOk ? Math.round(okTimes.quantile(rank / 100.0)) : null;
  }

  private static double round(double value, int decimals) {
    double scale = Math.pow(10, decimals);
    return Math.round(value * scale) / scale;
  }
}

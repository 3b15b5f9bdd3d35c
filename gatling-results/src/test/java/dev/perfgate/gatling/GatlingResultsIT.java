package dev.perfgate.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perfgate.gatling.results.PerfGateResults;
import dev.perfgate.gatling.results.RequestStats;
import dev.perfgate.gatling.results.TimeseriesPoint;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs a real Gatling 3.15 simulation against a loopback server, then checks the conversion against the numbers
 * of Gatling's own report for the same run. About 680 requests in 8 s; the whole class takes about 30 s.
 */
class GatlingResultsIT {

  private static final String[] FIELDS = {"count", "ok", "ko", "errorPct", "throughputRps",
      "minMs", "meanMs", "maxMs", "p50Ms", "p75Ms", "p90Ms", "p95Ms", "p99Ms", "p999Ms"};

  @TempDir
  static Path workDir;

  private static LoopbackServer server;
  private static GatlingRun run;
  private static Map<String, Map<String, Double>> report;
  private static Map<String, List<Integer>> okTimes;

  @BeforeAll
  static void runGatlingAndReadItsReport() throws IOException, InterruptedException {
    server = LoopbackServer.start();
    GatlingLauncher gatling = new GatlingLauncher(workDir);
    String console = gatling.run(Map.of("baseUrl", server.baseUrl()),
        "--simulation", LoopbackSimulation.class.getName());
    run = GatlingResults.find(gatling.resultsDir()).orElseThrow();
    report = GatlingReport.read(run.folder(), console);

    // the report shows four percentiles: have Gatling report the same log again with 90 and 99.9
    String again = gatling.run(Map.of(
            "gatling.charting.indicators.percentile1", "90",
            "gatling.charting.indicators.percentile2", "95",
            "gatling.charting.indicators.percentile3", "99",
            "gatling.charting.indicators.percentile4", "99.9"),
        "--reports-only", run.folder().getFileName().toString());
    GatlingReport.read(run.folder(), again).forEach((name, numbers) ->
        numbers.forEach((key, value) -> report.get(name).putIfAbsent(key, value)));
    okTimes = okTimesOf(run.simulationLog());
  }

  /** Every OK response time of the log, sorted, per request name and under {@link GatlingReport#GLOBAL}. */
  private static Map<String, List<Integer>> okTimesOf(Path simulationLog) throws IOException {
    Map<String, List<Integer>> times = new HashMap<>();
    try (InputStream in = Files.newInputStream(simulationLog)) {
      SimulationLogReader.read(in, new SimulationLogReader.Listener() {
        @Override
        public void onRun(RunRecord record) {
        }

        @Override
        public void onRequest(RequestRecord request) {
          if (request.ok()) {
            times.computeIfAbsent(request.name(), name -> new ArrayList<>()).add(request.responseTime());
            times.computeIfAbsent(GatlingReport.GLOBAL, name -> new ArrayList<>()).add(request.responseTime());
          }
        }
      });
    }
    times.values().forEach(Collections::sort);
    return times;
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @Test
  void shouldFindTheRunAsABinarySimulationLog() {
    assertThat(run.kind()).isEqualTo(GatlingRun.Kind.SIMULATION_LOG);
    assertThat(run.folder().getFileName().toString()).startsWith("loopbacksimulation-");
  }

  @Test
  void shouldEqualGatlingsOwnReportWithoutRampUp() throws IOException {
    long start = System.nanoTime();
    PerfGateResults results = SimulationLogConverter.convert(run.simulationLog(), Duration.ZERO);
    System.out.printf("converted %d responses in %d ms%n",
        results.global().count(), (System.nanoTime() - start) / 1_000_000);

    assertThat(results.requests()).extracting(RequestStats::name)
        .containsExactly("fast", "medium", "slow ✓", "flaky");
    assertThat(results.global().count()).as("all requests the server saw").isEqualTo(server.arrivals());
    assertThat(results.requests().get(3).ko()).as("flaky's 500s").isPositive();
    assertEqualsReport(GatlingReport.GLOBAL, results.global());
    results.requests().forEach(request -> assertEqualsReport(request.name(), request));
  }

  @Test
  void shouldExcludeResponsesToRequestsStartedDuringTheRampUp() throws IOException {
    PerfGateResults all = SimulationLogConverter.convert(run.simulationLog(), Duration.ZERO);
    Duration rampUp = Duration.ofSeconds(LoopbackSimulation.RAMP_UP_SECONDS);

    PerfGateResults steady = SimulationLogConverter.convert(run.simulationLog(), rampUp);

    assertThat(steady.window().steadyStateStart()).isEqualTo(all.window().start().plus(rampUp));
    long arrivedInSteadyState = server.arrivalsFrom(steady.window().steadyStateStart().toEpochMilli());
    assertThat(steady.global().count())
        .as("requests the server saw after the ramp-up, give or take those on the wire at its end")
        .isCloseTo(arrivedInSteadyState, within(5L))
        .isLessThan(all.global().count() - 100);
    for (int i = 0; i < all.requests().size(); i++) {
      assertThat(steady.requests().get(i).count()).as(steady.requests().get(i).name())
          .isLessThan(all.requests().get(i).count());
    }
    assertThat(steady.timeseries()).as("the time series covers the whole run").isEqualTo(all.timeseries());
  }

  @Test
  void shouldChartEveryResponseOfTheRunInTheTimeseries() throws IOException {
    PerfGateResults results = SimulationLogConverter.convert(run.simulationLog(), Duration.ZERO);

    assertThat(results.timeseries().stream().mapToLong(TimeseriesPoint::requests).sum())
        .isEqualTo(results.global().count());
    assertThat(results.timeseries().stream().mapToLong(TimeseriesPoint::errors).sum())
        .isEqualTo(results.global().ko());
    assertThat(results.timeseries()).hasSizeBetween(8, 11);
  }

  /**
   * Counts exactly; the report's rounding; min and max within 1 ms. A percentile is a t-digest estimate on both
   * sides, and the digest breaks ties between equally near centroids at random (Gatling's own report of one log
   * differs from one computation to the next), so its error is a rank error: where the times are sparse around a
   * percentile, 1 % of rank can be several ms (CI saw p75 82 vs 80 ms, and p99 77 vs 112 ms where the flaky request
   * had a gap). So ours must be within the spread of the exact times {@link #RANK_ERROR} of rank around the
   * percentile of Gatling's, and both must lie between the exact times 5 % of rank below and above it (1 ms for the
   * digest's rounding).
   */
  private static void assertEqualsReport(String name, RequestStats ours) {
    Map<String, Double> theirs = report.get(name);
    assertThat(theirs).as("Gatling's report of %s", name).isNotNull().containsKeys(FIELDS);
    List<Integer> sorted = okTimes.get(name);
    assertThat(sorted).as("OK times of %s in the log", name).isNotEmpty();
    Map<String, Number> mine = asMap(ours);
    SoftAssertions softly = new SoftAssertions();
    for (String field : FIELDS) {
      double value = mine.get(field).doubleValue();
      Double quantile = QUANTILES.get(field);
      if (quantile == null) {
        softly.assertThat(value).as("%s %s", name, field).isCloseTo(theirs.get(field), within(tolerance(field)));
        continue;
      }
      int low = exact(sorted, quantile - DIGEST_RANK_ERROR) - 1;
      int high = exact(sorted, quantile + DIGEST_RANK_ERROR) + 1;
      softly.assertThat(value).as("%s %s: ours a time of the log near that rank", name, field)
          .isBetween((double) low, (double) high);
      softly.assertThat(theirs.get(field)).as("%s %s: Gatling's a time of the log near that rank", name, field)
          .isBetween((double) low, (double) high);
      int spread = exact(sorted, quantile + RANK_ERROR) - exact(sorted, quantile - RANK_ERROR);
      double gatlings = theirs.get(field);
      double between = between(sorted, value, gatlings);
      softly.assertThat(Math.abs(value - gatlings) <= Math.max(WHOLE_MS_APART, spread) || between <= RANK_ERROR)
          .as("%s %s: ours %s vs Gatling's %s ms, %s of the log's times between them", name, field, value, gatlings,
              between)
          .isTrue();
    }
    softly.assertAll();
  }

  /**
   * How far apart two digests may be where the times are dense (the spread 1 % of rank around the percentile is 1 ms
   * or less): each interpolates between its centroids' means and is rounded to a whole ms, so each may be 1 ms off
   * the exact time, and the two 2 ms apart. Busy CIs saw the global p75 as 82 (ours) vs 80 ms (Gatling's) twice
   * where the spread was 1 ms; a 3 % rank shift of ours still fails (fast p95: ours vs Gatling's).
   */
  private static final int WHOLE_MS_APART = 2;
  /**
   * How far apart two digests of the same times may be, in rank. A centroid near quantile q holds up to
   * 4 n q (1 - q) / compression of the n times (0.75 % of rank at p75 with 646 times and compression 100), and a
   * percentile is interpolated between two neighbouring centroids' means, so each digest may sit up to about 1.5 % of
   * rank from the exact time. Where the times are dense that is a ms or two; at the edge of a gap it is many: the
   * global p75 lies at the lower edge of the slow request's times (2-3 % of rank below it they drop from 82 to
   * 64-70 ms), and a fresh-clone CI saw ours at 83 and Gatling's at 79 ms there while the spread 1 % of rank around
   * it was 2 ms or less. A 3 % rank shift of ours still fails (fast p95: the times 3 % above it are 157-251 ms).
   */
  private static final double RANK_ERROR = 0.02;
  /**
   * How far a digest's percentile may be from the exact one, in rank: in a gap of a bimodal distribution the digest
   * interpolates between centroids (CI saw both digests give the global p75 as 75 ms where the exact times 1 % of
   * rank around it were 82 to 84 ms).
   */
  private static final double DIGEST_RANK_ERROR = 0.05;
  private static final Map<String, Double> QUANTILES = Map.of("p50Ms", 0.5, "p75Ms", 0.75, "p90Ms", 0.9,
      "p95Ms", 0.95, "p99Ms", 0.99, "p999Ms", 0.999);

  /** The nearest-rank quantile of sorted times, the quantile clamped to [0, 1]. */
  /**
   * The share of the log's times that lie strictly between two estimates: how far apart in rank they are. At the edge
   * of a gap two digests can be 3 ms apart with almost no time between them (a fresh-clone CI: global p75 83 vs 80 ms).
   */
  private static double between(List<Integer> sorted, double a, double b) {
    double low = Math.min(a, b);
    double high = Math.max(a, b);
    return (double) sorted.stream().filter(t -> t > low && t < high).count() / sorted.size();
  }

  private static int exact(List<Integer> sorted, double quantile) {
    double q = Math.min(1, Math.max(0, quantile));
    int rank = (int) Math.ceil(q * sorted.size());
    return sorted.get(Math.min(sorted.size() - 1, Math.max(0, rank - 1)));
  }

  private static double tolerance(String field) {
    return switch (field) {
      case "count", "ok", "ko" -> 0;
      // the report prints 2 decimals, we keep 3
      case "errorPct", "throughputRps" -> 0.006;
      // the report rounds the mean to the millisecond
      case "meanMs" -> 0.5;
      default -> 1;
    };
  }

  private static Map<String, Number> asMap(RequestStats stats) {
    Map<String, Number> map = new HashMap<>();
    map.put("count", stats.count());
    map.put("ok", stats.ok());
    map.put("ko", stats.ko());
    map.put("errorPct", stats.errorPct());
    map.put("throughputRps", stats.throughputRps());
    map.put("minMs", stats.minMs());
    map.put("meanMs", stats.meanMs());
    map.put("maxMs", stats.maxMs());
    map.put("p50Ms", stats.p50Ms());
    map.put("p75Ms", stats.p75Ms());
    map.put("p90Ms", stats.p90Ms());
    map.put("p95Ms", stats.p95Ms());
    map.put("p99Ms", stats.p99Ms());
    map.put("p999Ms", stats.p999Ms());
    return map;
  }
}

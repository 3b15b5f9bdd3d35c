package dev.perfgate.load;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/** The demo system under test's endpoints as named Gatling building blocks; request names are what PerfGate checks. */
final class DemoApi {

  /** Matrix size of the CPU-bound request. */
  static final int MATRIX_SIZE = Integer.getInteger("matrixSize", 40);
  /** Delay of the simulated remote call, in ms. */
  static final int REMOTE_DELAY_MS = Integer.getInteger("remoteDelayMs", 50);
  /** Ids looked up are drawn uniformly from 1 to this. */
  static final int LOOKUP_IDS = Integer.getInteger("lookupIds", 1000);

  private static final Iterator<Map<String, Object>> LOOKUP_ID_FEEDER = Stream
      .generate(() -> Map.<String, Object>of("id", ThreadLocalRandom.current().nextInt(1, LOOKUP_IDS + 1)))
      .iterator();

  static final ChainBuilder matrix = exec(
      http("matrix").get("/api/matrix").queryParam("size", MATRIX_SIZE).check(status().is(200)));

  static final ChainBuilder transform = exec(
      http("transform").get("/api/transform").check(status().is(200)));

  static final ChainBuilder remote = exec(
      http("remote").get("/api/remote").queryParam("delayMs", REMOTE_DELAY_MS).check(status().is(200)));

  static final ChainBuilder lookup = feed(LOOKUP_ID_FEEDER).exec(
      http("lookup").get("/api/lookup").queryParam("id", "#{id}").check(status().is(200)));

  private DemoApi() {
  }

  static HttpProtocolBuilder protocol(RunSettings settings) {
    return http.baseUrl(settings.baseUrl())
        .acceptHeader("application/json")
        .userAgentHeader("PerfGate load scripts (Gatling)")
        .header("X-PerfGate-Run", settings.runId())
        .header("X-PerfGate-Workload", settings.system() + "/" + settings.workload() + "/" + settings.environment());
  }
}

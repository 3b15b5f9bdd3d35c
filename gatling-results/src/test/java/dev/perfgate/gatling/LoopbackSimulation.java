package dev.perfgate.gatling;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.rampUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;

/**
 * The simulation GatlingResultsIT runs against {@link LoopbackServer}: arrivals ramp from 5 to 25 users/s over
 * 3 s, then hold 25 users/s for 5 s; each user makes 4 requests (about 680 in all). One name is beyond Latin-1,
 * so that Gatling writes it UTF-16 coded.
 */
public class LoopbackSimulation extends Simulation {

  /** The ramp-up of the injection, in seconds. */
  static final int RAMP_UP_SECONDS = 3;

  HttpProtocolBuilder loopback = http.baseUrl(System.getProperty("baseUrl"));

  ChainBuilder everyEndpoint = exec(
      http("fast").get("/fast"),
      http("medium").get("/medium"),
      http("slow ✓").get("/slow"),
      http("flaky").get("/flaky"));

  ScenarioBuilder users = scenario("loopback").exec(everyEndpoint);

  {
    setUp(users.injectOpen(
        rampUsersPerSec(5).to(25).during(RAMP_UP_SECONDS),
        constantUsersPerSec(25).during(5)))
        .protocols(loopback);
  }
}

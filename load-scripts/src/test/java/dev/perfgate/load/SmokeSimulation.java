package dev.perfgate.load;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;

/**
 * Smoke test: 2 users per second through every endpoint for 10 s, no ramp-up (all knobs overridable), to show
 * that the system under test and the pipeline work before a real load run.
 */
public class SmokeSimulation extends Simulation {

  RunSettings settings = RunSettings.fromSystemProperties("smoke", 2, 0, 10);

  HttpProtocolBuilder http = DemoApi.protocol(settings);

  ChainBuilder everyEndpoint = exec(DemoApi.matrix, DemoApi.transform, DemoApi.remote, DemoApi.lookup);

  ScenarioBuilder users = scenario("smoke").exec(everyEndpoint);

  {
    System.out.println("SmokeSimulation: " + settings);
    setUp(users.injectOpen(settings.arrivals()))
        .protocols(http)
        .assertions(global().failedRequests().percent().lt(5.0));
  }
}

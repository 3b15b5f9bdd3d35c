package dev.perfgate.load;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;

/**
 * Peak load on the demo app: arrivals ramp up to {@code users} per second (default 20) over {@code rampUpSeconds}
 * (30), then hold for {@code durationSeconds} (120); each user calls every endpoint once. PerfGate judges the
 * steady state only, so pass the same ramp-up to the results conversion.
 */
public class PeakLoadSimulation extends Simulation {

  RunSettings settings = RunSettings.fromSystemProperties("peak-load", 20, 30, 120);

  HttpProtocolBuilder http = DemoApi.protocol(settings);

  ChainBuilder everyEndpoint = exec(DemoApi.matrix, DemoApi.transform, DemoApi.remote, DemoApi.lookup);

  ScenarioBuilder users = scenario("peak load").exec(everyEndpoint);

  {
    System.out.println("PeakLoadSimulation: " + settings);
    setUp(users.injectOpen(settings.arrivals()))
        .protocols(http)
        // a smoke assertion only: the real gate is PerfGate
        .assertions(global().failedRequests().percent().lt(5.0));
  }
}

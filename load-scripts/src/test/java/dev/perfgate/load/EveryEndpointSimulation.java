package dev.perfgate.load;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;

/**
 * The demo's load: each user calls every endpoint of {@link DemoApi} once, arriving as {@link RunSettings} say. The
 * simulations differ only in their defaults. Abstract, so Gatling never offers it as a simulation of its own.
 */
abstract class EveryEndpointSimulation extends Simulation {

  /**
   * The run's knobs (system properties, else these defaults), printed, then the load set up; the scenario is named
   * after the default workload ("peak-load": "peak load").
   */
  EveryEndpointSimulation(String workload, double users, int rampUpSeconds, int durationSeconds) {
    RunSettings settings = RunSettings.fromSystemProperties(workload, users, rampUpSeconds, durationSeconds);
    System.out.println(getClass().getSimpleName() + ": " + settings);
    ChainBuilder everyEndpoint = exec(DemoApi.matrix, DemoApi.transform, DemoApi.remote, DemoApi.lookup);
    setUp(scenario(workload.replace('-', ' ')).exec(everyEndpoint).injectOpen(settings.arrivals()))
        .protocols(DemoApi.protocol(settings))
        // a smoke assertion only: the real gate is PerfGate
        .assertions(global().failedRequests().percent().lt(5.0));
  }
}

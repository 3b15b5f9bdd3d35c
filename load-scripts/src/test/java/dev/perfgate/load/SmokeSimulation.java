package dev.perfgate.load;

/**
 * Smoke test: 2 users per second through every endpoint for 10 s, no ramp-up (all knobs overridable), to show
 * that the system under test and the pipeline work before a real load run.
 */
public class SmokeSimulation extends EveryEndpointSimulation {

  public SmokeSimulation() {
    super("smoke", 2, 0, 10);
  }
}

package dev.perfgate.load;

/**
 * Peak load on the demo app: arrivals ramp up to {@code users} per second (default 20) over {@code rampUpSeconds}
 * (30), then hold for {@code durationSeconds} (120); each user calls every endpoint once. PerfGate judges the
 * steady state only, so pass the same ramp-up to the results conversion.
 */
public class PeakLoadSimulation extends EveryEndpointSimulation {

  public PeakLoadSimulation() {
    super("peak-load", 20, 30, 120);
  }
}

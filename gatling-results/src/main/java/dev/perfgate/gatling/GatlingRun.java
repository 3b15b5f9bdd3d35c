package dev.perfgate.gatling;

import java.nio.file.Path;

/**
 * One Gatling run folder ({@code <simulation>-<timestamp>/}) and the kind of results it holds.
 *
 * @param folder the run folder
 * @param kind what to read in it
 */
public record GatlingRun(Path folder, Kind kind) {

  /** The results a run folder holds, by the Gatling version that wrote them. */
  public enum Kind {
    /** Gatling 3.13+: a binary {@code simulation.log}, no stats file; convert it with {@link SimulationLogConverter}. */
    SIMULATION_LOG,
    /** Gatling 3.12 and older: {@code js/stats.json}, which PerfGate accepts as it is. */
    STATS_JSON
  }

  public Path simulationLog() {
    return folder.resolve("simulation.log");
  }

  public Path statsJson() {
    return folder.resolve("js").resolve("stats.json");
  }

  /** The file to read or send: the simulation log or the stats file. */
  public Path resultsFile() {
    return kind == Kind.STATS_JSON ? statsJson() : simulationLog();
  }
}

package dev.perfgate.gatling;

import java.util.List;

/**
 * The first record of a binary simulation.log: who wrote it and when the run started.
 *
 * @param gatlingVersion the Gatling version that wrote the log
 * @param simulationClassName the simulation run
 * @param start the run start, epoch ms; other records' times are offsets from it
 * @param runDescription the run description given to Gatling, may be empty
 * @param scenarios the scenario names
 */
public record RunRecord(String gatlingVersion, String simulationClassName, long start, String runDescription,
    List<String> scenarios) {
}

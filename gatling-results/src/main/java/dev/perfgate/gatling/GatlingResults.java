package dev.perfgate.gatling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Finds the run to report in a Gatling results directory, e.g. {@code target/gatling}. */
public final class GatlingResults {

  /** Gatling names run folders {@code <simulation>-<yyyyMMddHHmmssSSS>}. */
  private static final Pattern RUN_TIMESTAMP = Pattern.compile("-(\\d{14,17})$");

  private GatlingResults() {
  }

  /**
   * The newest run under {@code resultsDir}, or {@code resultsDir} itself when it is a run folder. Newest is by the
   * timestamp in the folder name, then by modification time. Folders with neither a simulation.log nor a
   * js/stats.json (a run still starting, a stray folder) are ignored.
   */
  public static Optional<GatlingRun> find(Path resultsDir) throws IOException {
    Optional<GatlingRun> self = runIn(resultsDir);
    if (self.isPresent()) {
      return self;
    }
    if (!Files.isDirectory(resultsDir)) {
      return Optional.empty();
    }
    try (Stream<Path> folders = Files.list(resultsDir)) {
      return folders
          .filter(Files::isDirectory)
          .map(GatlingResults::runIn)
          .flatMap(Optional::stream)
          .max(Comparator.comparing((GatlingRun run) -> timestamp(run.folder()))
              .thenComparing(run -> modified(run.folder())));
    }
  }

  /** The kind of results in {@code folder}: a 3.12 stats file wins, as a 3.12 folder has a text log too. */
  static Optional<GatlingRun> runIn(Path folder) {
    GatlingRun statsJson = new GatlingRun(folder, GatlingRun.Kind.STATS_JSON);
    if (Files.isRegularFile(statsJson.statsJson())) {
      return Optional.of(statsJson);
    }
    GatlingRun simulationLog = new GatlingRun(folder, GatlingRun.Kind.SIMULATION_LOG);
    return Files.isRegularFile(simulationLog.simulationLog()) ? Optional.of(simulationLog) : Optional.empty();
  }

  /** The folder name's timestamp, as a sortable string; empty when the name has none. */
  static String timestamp(Path folder) {
    Matcher matcher = RUN_TIMESTAMP.matcher(folder.getFileName().toString());
    return matcher.find() ? String.format("%-17s", matcher.group(1)).replace(' ', '0') : "";
  }

  private static FileTime modified(Path folder) {
    try {
      return Files.getLastModifiedTime(folder);
    } catch (IOException e) {
      return FileTime.fromMillis(0);
    }
  }
}

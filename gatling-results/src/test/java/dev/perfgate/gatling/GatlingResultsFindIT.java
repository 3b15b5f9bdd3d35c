package dev.perfgate.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GatlingResultsFindIT {

  @TempDir
  Path results;

  @Test
  void shouldPickTheNewestRunByTheTimestampInItsName() throws IOException {
    binaryRun("peakloadsimulation-20261122100000123");
    binaryRun("smokesimulation-20261122110000456");
    binaryRun("peakloadsimulation-20261122090000789");

    assertThat(GatlingResults.find(results)).get()
        .isEqualTo(new GatlingRun(results.resolve("smokesimulation-20261122110000456"),
            GatlingRun.Kind.SIMULATION_LOG));
  }

  @Test
  void shouldTellAGatling312RunByItsStatsFile() throws IOException {
    Path run = binaryRun("peakloadsimulation-20241122100000123");
    Files.createDirectories(run.resolve("js"));
    Files.writeString(run.resolve("js/stats.json"), "{}");

    assertThat(GatlingResults.find(results)).get()
        .extracting(GatlingRun::kind, GatlingRun::resultsFile)
        .containsExactly(GatlingRun.Kind.STATS_JSON, run.resolve("js/stats.json"));
  }

  @Test
  void shouldIgnoreFoldersWithoutResults() throws IOException {
    binaryRun("smokesimulation-20261122100000000");
    Files.createDirectories(results.resolve("smokesimulation-20261122120000000"));

    assertThat(GatlingResults.find(results)).get()
        .extracting(run -> run.folder().getFileName().toString())
        .isEqualTo("smokesimulation-20261122100000000");
  }

  @Test
  void shouldFallBackToTheModificationTimeForUnnamedRuns() throws IOException {
    Path older = binaryRun("first");
    Path newer = binaryRun("second");
    Files.setLastModifiedTime(older, FileTime.from(Instant.parse("2026-11-22T12:00:00Z")));
    Files.setLastModifiedTime(newer, FileTime.from(Instant.parse("2026-11-22T10:00:00Z")));

    assertThat(GatlingResults.find(results)).get().extracting(GatlingRun::folder).isEqualTo(older);
  }

  @Test
  void shouldAcceptARunFolderItself() throws IOException {
    Path run = binaryRun("smokesimulation-20261122100000000");

    assertThat(GatlingResults.find(run)).get().extracting(GatlingRun::folder).isEqualTo(run);
  }

  @Test
  void shouldFindNothingInAnEmptyOrMissingDirectory() throws IOException {
    assertThat(GatlingResults.find(results)).isEmpty();
    assertThat(GatlingResults.find(results.resolve("missing"))).isEmpty();
  }

  private Path binaryRun(String name) throws IOException {
    Path run = Files.createDirectories(results.resolve(name));
    Files.write(run.resolve("simulation.log"), new byte[] {0});
    return run;
  }
}

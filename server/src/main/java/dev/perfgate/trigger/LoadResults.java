package dev.perfgate.trigger;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import dev.perfgate.gatling.GatlingResults;
import dev.perfgate.gatling.GatlingRun;
import dev.perfgate.gatling.SimulationLogConverter;
import dev.perfgate.gatling.results.ResultsJson;

/**
 * Finds what a finished load process left in the results folder, as results JSON the server accepts: a
 * {@code perfgate-results.json} the load script wrote itself (any tool), else the newest Gatling run folder, its
 * binary {@code simulation.log} converted by the client library (the ramp-up left out), or its 3.12
 * {@code js/stats.json} as it is. Anything older than the process is someone else's run and is ignored.
 */
final class LoadResults {

    static final String OWN_RESULTS = "perfgate-results.json";
    /** File systems keep modification times in whole seconds (or coarser). */
    private static final Duration CLOCK_SLACK = Duration.ofSeconds(2);

    private LoadResults() {
    }

    /** The results JSON of the run that started at {@code since}, or empty when it left none. */
    static Optional<String> find(Path resultsDir, Instant since, Duration rampUp) throws IOException {
        Instant notBefore = since.minus(CLOCK_SLACK);
        Path own = resultsDir.resolve(OWN_RESULTS);
        if (Files.isRegularFile(own) && modified(own).isAfter(notBefore)) {
            return Optional.of(Files.readString(own, StandardCharsets.UTF_8));
        }
        Optional<GatlingRun> gatling = GatlingResults.find(resultsDir)
                .filter(run -> modified(run.resultsFile()).isAfter(notBefore));
        if (gatling.isEmpty()) {
            return Optional.empty();
        }
        GatlingRun run = gatling.get();
        if (run.kind() == GatlingRun.Kind.SIMULATION_LOG) {
            return Optional.of(ResultsJson.write(SimulationLogConverter.convert(run.simulationLog(), rampUp)));
        }
        return Optional.of(Files.readString(run.statsJson(), StandardCharsets.UTF_8));
    }

    private static Instant modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
    }
}

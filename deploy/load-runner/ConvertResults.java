import java.nio.file.Path;
import java.time.Duration;

import dev.perfgate.gatling.GatlingResults;
import dev.perfgate.gatling.GatlingRun;
import dev.perfgate.gatling.SimulationLogConverter;
import dev.perfgate.gatling.results.ResultsJson;

/**
 * Turns the newest Gatling run under a folder into PerfGate results JSON on standard output, with the
 * perfgate-client library (jenkins-plugin/client). Run as a single-file program:
 * {@code java -cp <client classpath> ConvertResults.java <gatling dir> <ramp-up seconds>}.
 */
public class ConvertResults {

    public static void main(String[] args) throws Exception {
        GatlingRun run = GatlingResults.find(Path.of(args[0]))
                .orElseThrow(() -> new IllegalStateException("no Gatling run under " + args[0]));
        if (run.kind() != GatlingRun.Kind.SIMULATION_LOG) {
            throw new IllegalStateException("expected a Gatling 3.13+ simulation.log in " + run.resultsFile());
        }
        System.out.println(ResultsJson.write(SimulationLogConverter.convert(run.simulationLog(),
                Duration.ofSeconds(Long.parseLong(args[1])))));
    }
}

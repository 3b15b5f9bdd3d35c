package dev.perfgate.trigger;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How runs triggered from the UI are started ({@code perfgate.runner.*}).
 *
 * @param type       {@code local} (start the load scripts on this machine) or {@code jenkins}
 * @param staleAfter a run still marked running after this long no longer blocks a new one of its series
 * @param verdictWait how long to wait for the verdict once the run ended
 * @param abandonAfter a trigger whose PerfGate instance on another machine has not saved its progress for this long
 *                     is taken as abandoned (its instance saves at least every 10 s while it runs)
 */
@ConfigurationProperties("perfgate.runner")
record RunnerProperties(@DefaultValue("local") String type, @DefaultValue("PT6H") Duration staleAfter,
        @DefaultValue("PT2M") Duration verdictWait, @DefaultValue("PT2M") Duration abandonAfter,
        @DefaultValue Local local, @DefaultValue Jenkins jenkins) {

    /**
     * The local runner: a command started in {@code workingDir}. Each argument may hold placeholders:
     * {@code {simulation} {baseUrl} {users} {durationSeconds} {rampUpSeconds} {runId} {system} {workload}
     * {environment} {version} {resultsDir}}.
     *
     * @param workingDir where the command runs: the repository root, with {@code mvnw} and {@code load-scripts/}
     * @param simulation  the Gatling simulation class of a workload {@code simulations} does not name
     * @param simulations the Gatling simulation class per workload ({@code peak}, {@code smoke}, …), so a run
     *                    triggered for a series runs that series' load and not another
     * @param baseUrl    the system under test
     * @param resultsDir where the load leaves its results, relative to {@code workingDir}
     * @param timeout    the load process is stopped (and the run aborted) after this long
     */
    record Local(@DefaultValue(".") String workingDir,
            @DefaultValue("dev.perfgate.load.SmokeSimulation") String simulation,
            @DefaultValue Map<String, String> simulations,
            @DefaultValue("http://127.0.0.1:18080") String baseUrl,
            @DefaultValue("load-scripts/target/gatling") String resultsDir,
            @DefaultValue("PT2H") Duration timeout,
            @DefaultValue({"./mvnw", "-q", "-pl", "load-scripts", "gatling:test",
                    "-Dgatling.simulationClass={simulation}", "-DbaseUrl={baseUrl}", "-Dusers={users}",
                    "-DdurationSeconds={durationSeconds}", "-DrampUpSeconds={rampUpSeconds}", "-DrunId={runId}",
                    "-Dsystem={system}", "-Dworkload={workload}", "-Denvironment={environment}"}) List<String> command) {

        public Local {
            simulations = simulations == null ? Map.of() : Map.copyOf(simulations);
        }

        /**
         * The working directory, relative to the directory PerfGate was started in. (Bound as a string: Spring would
         * resolve a relative {@code Path} property as a resource of the web application, its temporary doc base.)
         */
        public Path workingDirectory() {
            return Path.of(workingDir).toAbsolutePath().normalize();
        }

        /** The simulation that produces the load of {@code workload}. */
        public String simulation(String workload) {
            return simulations.getOrDefault(workload, simulation);
        }
    }

    /**
     * The Jenkins runner: {@code POST <url>/job/<job>/buildWithParameters}.
     *
     * @param url           Jenkins' base URL
     * @param job           the job's path, folders separated by '/': {@code perf/load-test}
     * @param user          user for basic authentication with {@code apiToken} (optional)
     * @param apiToken      that user's API token
     * @param buildToken    the job's "trigger builds remotely" token, sent as {@code token} (optional)
     * @param followTimeout how long to wait for the build to record its run in PerfGate
     */
    record Jenkins(URI url, String job, String user, String apiToken, String buildToken,
            @DefaultValue("PT30M") Duration followTimeout) {
    }
}

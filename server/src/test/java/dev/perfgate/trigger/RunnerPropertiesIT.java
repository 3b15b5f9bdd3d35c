package dev.perfgate.trigger;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import dev.perfgate.SharedServer;

/**
 * The local runner's settings as a started PerfGate (a real web server) binds them: the default working directory is
 * the one PerfGate was started in, not the web application's temporary doc base, and each workload runs its own
 * simulation. Runs on the shared test server, which sets no runner property.
 */
class RunnerPropertiesIT extends SharedServer {

    @Autowired
    RunnerProperties properties;

    @Test
    void shouldRunTheLoadInTheDirectoryPerfGateWasStartedIn() {
        assertThat(properties.local().workingDirectory()).isEqualTo(Path.of("").toAbsolutePath());
    }

    @Test
    void shouldRunEachWorkloadsOwnSimulation() {
        assertThat(properties.local().simulation("peak")).isEqualTo("dev.perfgate.load.PeakLoadSimulation");
        assertThat(properties.local().simulation("smoke")).isEqualTo("dev.perfgate.load.SmokeSimulation");
        assertThat(properties.local().simulation("soak")).as("a workload without its own")
                .isEqualTo("dev.perfgate.load.SmokeSimulation");
    }
}

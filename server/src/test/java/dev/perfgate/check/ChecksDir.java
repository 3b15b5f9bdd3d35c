package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/** A temporary checks directory for integration tests: write a definition and wait until it is in force. */
public final class ChecksDir {

    private ChecksDir() {
    }

    public static Path create() {
        try {
            return Files.createTempDirectory("perfgate-checks");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The checks of {@code system} with a CPU profile of {@code app} read from the Pyroscope at {@code url}. */
    public static String cpuProfiled(String system, String url, String app, String checks) {
        return """
                system: %s
                pyroscope:
                  url: %s
                  application: %s
                  profiles: [cpu]
                  profileNames: { cpu: cpu }
                checks:
                """.formatted(system, url, app) + checks;
    }

    /** Writes {@code file} and waits until its newest text is active (no problems). */
    public static void write(GateDefinitions definitions, Path dir, String file, String yaml) throws IOException, InterruptedException {
        Files.writeString(dir.resolve(file), yaml);
        definitions.reload();
        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (definitions.states().stream().noneMatch(s -> s.file().equals(file) && s.active() != null && s.problems().isEmpty())) {
            assertThat(Instant.now()).as("checks file %s loaded: %s", file, definitions.states()).isBefore(deadline);
            Thread.sleep(100);
        }
    }
}

package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/perfgate-server, the launcher of the fast start: it extracts the server jar this build made, trains a CDS
 * archive once, and a later start maps that archive (the JVM's memory maps name it) without training again.
 */
class ServerLauncherIT {

    private static final Path JAR = Path.of("target/perfgate-server-exec.jar").toAbsolutePath();

    @TempDir
    Path work;

    @Test
    void shouldTrainOnceAndStartWithTheArchive() throws Exception {
        Path app = work.resolve("app");
        Process prepare = launcher(List.of("--prepare"), app, work.resolve("prepare.log"));
        assertThat(prepare.waitFor()).as("--prepare; its output: %s", Files.readString(work.resolve("prepare.log")))
                .isZero();
        assertThat(Files.readString(work.resolve("prepare.log"))).contains("training its CDS archive");
        assertThat(app.resolve("perfgate.jsa")).isNotEmptyFile();
        assertThat(app.resolve(JAR.getFileName())).isRegularFile();

        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Files.createDirectories(work.resolve("checks"));
        Path log = work.resolve("server.log");
        Process server = launcher(List.of("--server.port=" + port, "--server.address=127.0.0.1",
                "--perfgate.data-dir=" + work.resolve("data"), "--perfgate.checks-dir=" + work.resolve("checks")), app, log);
        try {
            awaitUp(server, port, log);
            // the launcher execs the JVM: the process it started is the server, which has the archive mapped
            assertThat(Files.readString(Path.of("/proc/" + server.pid() + "/maps")))
                    .contains(app.resolve("perfgate.jsa").toString());
            assertThat(Files.readString(log)).as("a second call reuses the archive").doesNotContain("training");
        } finally {
            server.destroyForcibly();
            server.waitFor();
        }
    }

    private static Process launcher(List<String> args, Path app, Path log) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(
                Stream.concat(Stream.of(RepoFiles.path("scripts/perfgate-server").toString()), args.stream()).toList());
        Map<String, String> env = builder.environment();
        env.put("PERFGATE_SERVER_JAR", JAR.toString());
        env.put("PERFGATE_APP_DIR", app.toString());
        env.put("PERFGATE_ADMIN_TOKEN", "launcher-it-token");
        env.put("JAVA_HOME", System.getProperty("java.home"));
        return builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static void awaitUp(Process server, int port, Path log) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/health")).build();
        Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
        while (true) {
            try {
                if (http.send(health, HttpResponse.BodyHandlers.ofString()).body().contains("\"UP\"")) {
                    return;
                }
            } catch (IOException starting) {
                // not listening yet
            }
            assertThat(server.isAlive()).as("the server runs; its output: %s", Files.readString(log)).isTrue();
            assertThat(Instant.now()).as("health UP within 3 minutes").isBefore(deadline);
            Thread.sleep(200);
        }
    }
}

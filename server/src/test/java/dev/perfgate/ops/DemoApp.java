package dev.perfgate.ops;

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

/**
 * The demo app (module demo-app, the system under test) started from its jar on a free loopback
 * port. The jar is named by the system property {@code perfgate.demo-app.jar} or the variable
 * {@code PERFGATE_DEMO_APP_JAR}; without one the test fails, it never skips.
 */
final class DemoApp implements AutoCloseable {

    static final String PROPERTY = "perfgate.demo-app.jar";
    static final String VARIABLE = "PERFGATE_DEMO_APP_JAR";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private final Process process;
    private final Path log;
    private final String base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private DemoApp(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.base = "http://127.0.0.1:" + port;
    }

    static Path jar() {
        String configured = System.getProperty(PROPERTY, System.getenv(VARIABLE));
        if (configured == null || configured.isBlank()) {
            throw new IllegalStateException("The demo app jar is not given: build it with './mvnw -pl demo-app -am package "
                    + "-DskipTests' and pass its path as -D" + PROPERTY + "=... or " + VARIABLE + "=... "
                    + "(e.g. demo-app/target/perfgate-demo-app.jar)");
        }
        Path jar = Path.of(configured).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("The demo app jar " + jar + " (from " + PROPERTY + "/" + VARIABLE
                    + ") does not exist: build it with './mvnw -pl demo-app -am package -DskipTests'");
        }
        return jar;
    }

    /** Starts the jar with the running JVM's java and waits until its health endpoint answers UP. */
    static DemoApp start(Path jar) throws IOException, InterruptedException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        Path log = Files.createTempFile("perfgate-demo-app", ".log");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process process = new ProcessBuilder(List.of(java, "-Xmx256m", "-jar", jar.toString(),
                "--server.port=" + port, "--server.address=127.0.0.1"))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        DemoApp app = new DemoApp(process, log, port);
        app.awaitHealthy();
        return app;
    }

    private void awaitHealthy() throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("The demo app exited with " + process.exitValue() + ":\n" + tail());
            }
            try {
                if (get("/actuator/health").contains("UP")) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(500);
        }
        close();
        throw new IllegalStateException("The demo app did not become healthy within " + START_TIMEOUT + ":\n" + tail());
    }

    /** Switches one of the demo app's regressions on or off ({@code PUT /admin/regressions/{name}}). */
    void regression(String name, boolean enabled) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + "/admin/regressions/" + name
                + "?enabled=" + enabled)).PUT(HttpRequest.BodyPublishers.noBody()).timeout(Duration.ofSeconds(30))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("PUT regression " + name + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    String get(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    private String tail() throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}

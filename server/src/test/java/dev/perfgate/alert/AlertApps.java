package dev.perfgate.alert;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import dev.perfgate.PerfGateApplication;
import dev.perfgate.TestApi;

/**
 * The PerfGate applications one test starts with command-line properties, over a checks dir and a data dir of their
 * own, with a fast alert outbox (polls every 200 ms, backs off 300 ms to 1 s); closed last started first.
 */
final class AlertApps implements AutoCloseable {

    static final String ADMIN = "lifecycle-admin";

    final Path checks;
    private final String dataDir = "target/it-data/" + UUID.randomUUID();
    private final List<ConfigurableApplicationContext> started = new ArrayList<>();

    AlertApps() throws IOException {
        checks = Files.createTempDirectory("perfgate-lifecycle-checks");
    }

    /** Starts one more PerfGate on the same data dir (so, unless told otherwise, on the same embedded store). */
    ConfigurableApplicationContext start(List<String> extra) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--perfgate.data-dir=" + dataDir,
                "--perfgate.checks-dir=" + checks, "--perfgate.checks-reload-ms=200",
                "--perfgate.security.admin-token=" + ADMIN, "--perfgate.alerts.poll-interval=200ms",
                "--perfgate.alerts.initial-backoff=300ms", "--perfgate.alerts.max-backoff=1s",
                "--perfgate.alerts.request-timeout=2s", "--perfgate.alerts.lease=5s"));
        args.addAll(extra);
        ConfigurableApplicationContext context = new SpringApplicationBuilder(PerfGateApplication.class)
                .run(args.toArray(String[]::new));
        started.add(context);
        return context;
    }

    static TestApi api(ConfigurableApplicationContext context) {
        return new TestApi(Integer.parseInt(context.getEnvironment().getProperty("local.server.port")), ADMIN);
    }

    @Override
    public void close() {
        for (int i = started.size() - 1; i >= 0; i--) {
            started.get(i).close(); // the last started may use the store of the first
        }
    }
}

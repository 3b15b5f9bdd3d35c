package dev.perfgate.ops;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A training start's workload ({@code perfgate.training.runs}, set only by the launcher when it writes a JDK 25+ AOT
 * cache): once the server is up, CI clients on loopback create runs, post results, end them and wait for the verdicts
 * through the API, then the application exits. The JVM then writes the method profiles of the code a judging server
 * runs into its AOT cache, so a server started from it compiles that code at once instead of profiling it first
 * (docs/operations.md#start-up). It writes a definition file of its own into the checks directory (removed at the
 * end) and refuses a store that has runs already: a training start belongs on a throw-away store. The bean is in every
 * start and does nothing without {@code perfgate.training.runs} (not a condition: the launchers start PerfGate with
 * Spring AOT, whose beans are fixed when the jar is built).
 */
@Component
class TrainingLoad {

    static final String SYSTEM = "perfgate-training";
    private static final Logger log = LoggerFactory.getLogger(TrainingLoad.class);
    private static final int CLIENTS = 25;

    private final int runs;
    private final Path checksDir;
    private final String token;
    private final JsonMapper json;

    TrainingLoad(@Value("${perfgate.training.runs:0}") int runs, @Value("${perfgate.checks-dir:./checks}") String checksDir,
            @Value("${perfgate.security.admin-token:}") String token, JsonMapper json) {
        this.runs = runs;
        this.checksDir = Path.of(checksDir);
        this.token = token;
        this.json = json;
    }

    /** The outcome, for the log and the tests: the runs asked for, their verdicts by status, and a failure. */
    record Outcome(int asked, Map<String, Integer> verdicts, String failure) {

        int judged() {
            return verdicts.entrySet().stream().filter(e -> !"PENDING".equals(e.getKey()))
                    .mapToInt(Map.Entry::getValue).sum();
        }
    }

    private volatile Outcome outcome;

    @EventListener(ApplicationReadyEvent.class)
    void train(ApplicationReadyEvent ready) {
        if (runs <= 0) {
            return; // not a training start
        }
        ApplicationContext context = ready.getApplicationContext();
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        Thread trainer = new Thread(() -> {
            outcome = trainAgainst(port);
            if (outcome.failure() == null) {
                log.info("Training load: {} of {} runs judged, verdicts {}", outcome.judged(), outcome.asked(),
                        outcome.verdicts());
            } else {
                log.error("Training load failed after {} of {} runs judged (verdicts {}): {}", outcome.judged(),
                        outcome.asked(), outcome.verdicts(), outcome.failure());
            }
            SpringApplication.exit(context);
        }, "perfgate-training");
        trainer.start();
    }

    /** What the training start did; null until it is done. */
    Outcome outcome() {
        return outcome;
    }

    /** Runs the training load against the PerfGate API on 127.0.0.1:{@code port}. */
    Outcome trainAgainst(int port) {
        Api api = new Api(port);
        Map<String, Integer> verdicts = new TreeMap<>();
        try {
            if (token.isBlank()) {
                return new Outcome(runs, verdicts, "no admin token (PERFGATE_ADMIN_TOKEN) to call the API with");
            }
            if (!api.get("/runs?limit=1").path("runs").isEmpty()) {
                return new Outcome(runs, verdicts, "the store has runs already; a training start needs an empty store");
            }
            writeChecks(api);
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            try {
                List<Future<String>> done = new ArrayList<>();
                for (int i = 0; i < runs; i++) {
                    String environment = "e" + (i % CLIENTS);
                    String runId = "training-" + i;
                    done.add(clients.submit(() -> client(api, environment, runId)));
                }
                for (Future<String> run : done) {
                    verdicts.merge(run.get(), 1, Integer::sum);
                }
            } finally {
                clients.shutdownNow();
            }
            int pending = verdicts.getOrDefault("PENDING", 0);
            return new Outcome(runs, verdicts, pending == 0 ? null : pending + " runs without a verdict after 60 s");
        } catch (Exception e) {
            return new Outcome(runs, verdicts, e.toString());
        } finally {
            try {
                Files.deleteIfExists(checksDir.resolve(SYSTEM + ".yaml"));
            } catch (IOException e) {
                log.warn("Cannot remove the training definition file: {}", e.toString());
            }
        }
    }

    /** A results-only definition (requirements and growth rules), and waits until the server has loaded it. */
    private void writeChecks(Api api) throws IOException, InterruptedException {
        Files.writeString(checksDir.resolve(SYSTEM + ".yaml"), CiWorkload.definition(SYSTEM));
        for (int i = 0; i < 150; i++) {
            if (api.get("/checks").toString().contains("\"" + SYSTEM + ".yaml\"")) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the server did not load " + checksDir.resolve(SYSTEM + ".yaml"));
    }

    /** One CI client: create, results, end, wait for the verdict; its status (PENDING when it did not come). */
    private String client(Api api, String environment, String runId) throws IOException, InterruptedException {
        JsonNode run = api.post("/runs", """
                {"system":"%s","workload":"ci","environment":"%s","runId":"%s"}""".formatted(SYSTEM, environment, runId));
        String id = run.path("id").asString();
        api.post("/runs/" + id + "/results", CiWorkload.results());
        api.post("/runs/" + id + "/end", "{}");
        JsonNode verdict = api.get("/runs/" + id + "/verdict?wait=60");
        return verdict.path("status").asString();
    }

    /** The API of the server in training, on loopback (a client of its own: a start that does not train makes none). */
    private final class Api {

        private final HttpClient http = HttpClient.newHttpClient();
        private final String base;

        Api(int port) {
            base = "http://127.0.0.1:" + port + "/api/v1";
        }

        /** Sends a call; a 503 (the server asks new runs to wait while many wait for judging) is retried after a pause. */
        private JsonNode call(HttpRequest request) throws IOException, InterruptedException {
            for (int attempt = 1; ; attempt++) {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() / 100 == 2) {
                    return json.readTree(response.body());
                }
                if (response.statusCode() != 503 || attempt == 60) {
                    throw new IOException(request.method() + " " + request.uri().getPath() + " answered "
                            + response.statusCode() + ": " + response.body());
                }
                Thread.sleep(500);
            }
        }

        private HttpRequest.Builder request(String path) {
            return HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(90))
                    .header("Authorization", "Bearer " + token);
        }

        private JsonNode get(String path) throws IOException, InterruptedException {
            return call(request(path).GET().build());
        }

        private JsonNode post(String path, String body) throws IOException, InterruptedException {
            return call(request(path).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build());
        }
    }
}

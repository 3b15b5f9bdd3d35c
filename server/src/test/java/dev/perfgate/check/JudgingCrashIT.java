package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Projections;

import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;
import dev.perfgate.system.TestServers;

/**
 * kill -9 of PerfGate while CI clients end runs: a PerfGate JVM is killed (SIGKILL) part-way through, a new one is
 * started on the same store and port, the clients retry what failed, and every ended run must end up judged
 * exactly once within a minute: lost, duplicated and stuck runs are counted and must all be 0. The same when the
 * store (a FerretDB of the test's own) is killed instead and starts again on its data once PerfGate has run into
 * that. And two PerfGate JVMs on one store, the clients' calls spread over both: every run judged exactly once.
 * <p>
 * The class runs beside the other integration tests (its three tests one after another): most of its time is its own
 * JVMs starting and judging, while the others mostly wait on their servers (server/pom.xml's Failsafe settings).
 */
@Execution(ExecutionMode.CONCURRENT)
class JudgingCrashIT {

    private static final String TOKEN = "crash-admin";
    private static final int RUNS = 120;
    private static final int SERIES = 6;
    private static final int CLIENTS = 8;

    private final List<String> failures = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldJudgeEveryEndedRunExactlyOnceAfterAKillOnTheEmbeddedStore() throws Exception {
        Path dataDir = Files.createTempDirectory(Path.of("target"), "crash-data");

        Counts counts = killAndRestart(List.of("--perfgate.data-dir=" + dataDir.toAbsolutePath()), VerdictsPerRun.api());

        assertThat(counts.recovered()).as("runs left pending by the kill (else the test proves nothing)").isPositive();
        assertThat(counts).isEqualTo(new Counts(0, 0, 0, counts.recovered()));
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldJudgeEveryEndedRunExactlyOnceAfterAKillOnFerretDb() throws Exception {
        String database = "perfgate_crash_" + System.nanoTime();
        Counts counts = killAndRestart(List.of("--spring.mongodb.uri=" + TestServers.ferretDbUri(), "--spring.mongodb.database=" + database),
                VerdictsPerRun.store(TestServers.ferretDbUri(), database));

        assertThat(counts.recovered()).as("runs left pending by the kill (else the test proves nothing)").isPositive();
        assertThat(counts).isEqualTo(new Counts(0, 0, 0, counts.recovered()));
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldJudgeEveryEndedRunExactlyOnceAfterAKillOfTheStore() throws Exception {
        // Given a FerretDB of this test's own (the same binary as the test servers', its own data and port) and a
        // PerfGate on it, with CI clients ending runs
        Store store = Store.start();
        String system = "store-crash-" + System.nanoTime();
        int port = freePort();
        TestApi api = new TestApi(port, TOKEN);
        Server server = Server.start(args(List.of("--spring.mongodb.uri=" + store.uri(),
                "--spring.mongodb.database=perfgate_store_crash", "--perfgate.store.timeout=3s"), port, checks(system)),
                "store-crash");
        try {
            server.awaitUp(api);
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            Map<Integer, String> ended = submitUntilHalfEnded(system, api, clients);

            // When the store is killed (SIGKILL) part-way through, stays down until PerfGate has run into that, and
            // starts again on its data
            store.kill();
            server.awaitLog("DataAccessResourceFailureException", Duration.ofSeconds(30));
            store.restart();
            clients.shutdown();
            assertThat(clients.awaitTermination(3, TimeUnit.MINUTES)).as("clients finished").isTrue();

            // Then every run a client ended is judged exactly once within a minute, nobody calling evaluate
            assertThat(count(api, ended, 0, VerdictsPerRun.store(store.uri(), "perfgate_store_crash"))).isEqualTo(new Counts(0, 0, 0, 0));
            assertThat(store.kills()).isEqualTo(1);
        } finally {
            server.kill();
            store.kill();
        }
    }

    /** Lost: an end the client saw succeed but the run is not ended; duplicated: more than one verdict; stuck: still pending. */
    record Counts(int lost, int duplicated, int stuck, int recovered) {
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldJudgeEveryRunExactlyOnceWithTwoInstancesOnFerretDb() throws Exception {
        String system = "twice-" + System.nanoTime();
        String database = "perfgate_twice_" + System.nanoTime();
        List<String> store = List.of("--spring.mongodb.uri=" + TestServers.ferretDbUri(), "--spring.mongodb.database=" + database);
        List<TestApi> apis = new ArrayList<>();
        List<Server> servers = new ArrayList<>();
        try {
            // both start at once: a JVM's start is mostly its main thread, one after the other left a core idle
            for (String name : List.of("one", "two")) {
                int port = freePort();
                apis.add(new TestApi(port, TOKEN));
                servers.add(Server.start(args(store, port, checks(system)), name));
            }
            for (int i = 0; i < servers.size(); i++) {
                servers.get(i).awaitUp(apis.get(i));
            }
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            Map<Integer, String> ended = submit(system, apis, clients, new AtomicInteger());
            clients.shutdown();
            assertThat(clients.awaitTermination(3, TimeUnit.MINUTES)).as("clients finished").isTrue();

            assertThat(count(apis.get(1), ended, 0, VerdictsPerRun.store(TestServers.ferretDbUri(), database)))
                    .isEqualTo(new Counts(0, 0, 0, 0));
        } finally {
            for (Server server : servers) {
                server.kill();
            }
        }
    }

    private Counts killAndRestart(List<String> store, VerdictsPerRun verdictsPerRun) throws Exception {
        String system = "crash-" + System.nanoTime();
        int port = freePort();
        List<String> args = args(store, port, checks(system));
        TestApi api = new TestApi(port, TOKEN);

        List<String> firstArgs = new ArrayList<>(args);
        firstArgs.add("--perfgate.judging.workers=1");
        Server first = Server.start(firstArgs, "first");
        first.awaitUp(api);
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        Map<Integer, String> ended = submitUntilHalfEnded(system, api, clients);
        first.kill();
        Server second = Server.start(args, "second");
        second.awaitUp(api);
        clients.shutdown();
        assertThat(clients.awaitTermination(3, TimeUnit.MINUTES)).as("clients finished").isTrue();
        try {
            return count(api, ended, second.recovered(), verdictsPerRun);
        } finally {
            second.kill();
        }
    }

    /** Starts the CI clients on one API and returns once half their runs are ended (the map fills with the rest). */
    private Map<Integer, String> submitUntilHalfEnded(String system, TestApi api, ExecutorService clients)
            throws InterruptedException {
        AtomicInteger endedCount = new AtomicInteger();
        Map<Integer, String> ended = submit(system, List.of(api), clients, endedCount);
        while (endedCount.get() < RUNS / 2) {
            Thread.sleep(20);
        }
        return ended;
    }

        /** CI clients: each run is created, gets results and is ended, call by call over the APIs in turn, retried until it answers. */
    private Map<Integer, String> submit(String system, List<TestApi> apis, ExecutorService clients, AtomicInteger endedCount) {
        Map<Integer, String> ended = new ConcurrentHashMap<>();
        Instant giveUp = Instant.now().plus(Duration.ofMinutes(3));
        for (int i = 0; i < RUNS; i++) {
            int n = i;
            clients.submit(() -> {
                String environment = "env-" + (n % SERIES);
                String id = retry(giveUp, () -> apis.get(n % apis.size()).post("/api/v1/runs", """
                        {"system":"%s","workload":"peak","environment":"%s","runId":"%d"}""".formatted(system, environment, n)), "id");
                retry(giveUp, () -> apis.get((n + 1) % apis.size()).post("/api/v1/runs/" + id + "/results", """
                        {"format":"perfgate-results/v1","global":{"count":100,"ok":100,"ko":0,"p99Ms":100,"throughputRps":10},
                         "measures":{"cpu_avg_pct":%d}}""".formatted(20 + n % 7)), null);
                retry(giveUp, () -> apis.get(n % apis.size()).post("/api/v1/runs/" + id + "/end", null), null);
                ended.put(n, id);
                endedCount.incrementAndGet();
                return null;
            });
        }
        return ended;
    }

    /**
     * Waits up to a minute in all for every ended run's verdict, counting what went wrong; {@code verdictsPerRun} says
     * how many verdicts each run has once they are all in.
     */
    private Counts count(TestApi api, Map<Integer, String> ended, int recovered, VerdictsPerRun verdictsPerRun) {
        assertThat(ended).as("runs the clients ended; they gave up on: %s", failures).hasSize(RUNS);
        Instant deadline = Instant.now().plus(Duration.ofMinutes(1));
        int lost = 0;
        int stuck = 0;
        List<String> judged = new ArrayList<>();
        for (String id : ended.values()) {
            long left = Math.max(0, Duration.between(Instant.now(), deadline).toSeconds());
            Response verdict = api.get("/api/v1/runs/" + id + "/verdict?wait=" + left);
            Response run = api.get("/api/v1/runs/" + id);
            lost += run.text("status").equals("running") ? 1 : 0;
            stuck += verdict.status() == 200 ? 0 : 1;
            if (verdict.status() == 200) {
                judged.add(id);
            }
        }
        Map<String, Integer> verdicts = verdictsPerRun.of(api, ended.values());
        assertThat(verdicts.keySet()).as("the runs judged, by their verdicts").containsAll(judged);
        int duplicated = (int) ended.values().stream().filter(id -> verdicts.getOrDefault(id, 0) > 1).count();
        return new Counts(lost, duplicated, stuck, recovered);
    }

    /** How many verdicts each of the runs has. */
    @FunctionalInterface
    interface VerdictsPerRun {

        Map<String, Integer> of(TestApi api, Collection<String> runIds);

        /** Through the API, run by run. */
        static VerdictsPerRun api() {
            return (api, runIds) -> runIds.stream()
                    .collect(Collectors.toMap(id -> id, id -> api.get("/api/v1/runs/" + id + "/verdicts").body().size()));
        }

        /**
         * Straight from a MongoDB-wire store, in one read of its verdicts: FerretDB 1.x answers the API's query for one
         * run's verdicts by reading the whole collection (70–85 ms a run here), so 120 such calls took 9–10 s a test.
         */
        static VerdictsPerRun store(String uri, String database) {
            return (api, runIds) -> {
                Map<String, Integer> counts = new HashMap<>();
                try (MongoClient client = MongoClients.create(uri)) {
                    for (Document verdict : client.getDatabase(database).getCollection("verdicts").find()
                            .projection(Projections.include("runId"))) {
                        counts.merge(verdict.getString("runId"), 1, Integer::sum);
                    }
                }
                return counts;
            };
        }
    }

    private static Path checks(String system) throws IOException {
        Path checks = Files.createTempDirectory("perfgate-crash-checks");
        Files.writeString(checks.resolve(system + ".yaml"), """
                system: %s
                checks:
                  - id: cpu
                    name: avg CPU
                    measure: cpu_avg_pct
                    requirement: "< 80"
                    growth: "<= +50%%"
                """.formatted(system));
        return checks;
    }

    private static List<String> args(List<String> store, int port, Path checks) {
        List<String> args = new ArrayList<>(store);
        args.addAll(List.of("--server.port=" + port, "--perfgate.checks-dir=" + checks, "--perfgate.security.admin-token=" + TOKEN,
                "--perfgate.judging.lease=5s", "--perfgate.judging.budget=4s"));
        return args;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Repeats a call until it answers 2xx (the server may be dead or starting), returning a field of the answer. */
    private String retry(Instant giveUp, Supplier<Response> call, String field) throws InterruptedException {
        String last;
        while (true) {
            try {
                Response response = call.get();
                if (response.status() / 100 == 2 && (field == null || !response.text(field).isEmpty())) {
                    return field == null ? null : response.text(field);
                }
                last = response.status() + " " + response.raw();
            } catch (RuntimeException down) {
                // connection refused or reset while the server is killed or starting
                last = down.toString();
            }
            if (Instant.now().isAfter(giveUp)) {
                failures.add(last);
                throw new IllegalStateException("gave up: " + last);
            }
            Thread.sleep(100);
        }
    }

    /** A FerretDB of the test's own: the test servers' binary, SQLite in a data directory of its own, a free port. */
    private static final class Store {

        private final Path data;
        private final int port;
        private Process process;
        private int kills;

        private Store(Path data, int port) {
            this.data = data;
            this.port = port;
        }

        static Store start() throws IOException, InterruptedException {
            Path data = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "crash-ferretdb");
            Files.createDirectories(data.resolve("sqlite"));
            Store store = new Store(data, freePort());
            store.restart();
            return store;
        }

        String uri() {
            return "mongodb://127.0.0.1:" + port + "/";
        }

        /** Starts FerretDB on the data and port, and waits until it accepts connections. */
        void restart() throws IOException, InterruptedException {
            process = new ProcessBuilder(TestServers.ferretDbBinary(), "--handler=sqlite",
                    "--sqlite-url=file:" + data.resolve("sqlite") + "/", "--listen-addr=127.0.0.1:" + port,
                    "--telemetry=disable", "--state-dir=" + data, "--debug-addr=-", "--log-level=warn")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(data.resolve("ferretdb.log").toFile()))
                    .start();
            Instant deadline = Instant.now().plusSeconds(30);
            while (true) {
                try (Socket connected = new Socket("127.0.0.1", port)) {
                    return;
                } catch (IOException notYet) {
                    assertThat(process.isAlive()).as("FerretDB alive; log: %s", Files.readString(data.resolve("ferretdb.log")))
                            .isTrue();
                    assertThat(Instant.now()).as("FerretDB listening in time").isBefore(deadline);
                    Thread.sleep(100);
                }
            }
        }

        /** SIGKILL, when it runs. */
        void kill() throws InterruptedException {
            if (process != null && process.isAlive()) {
                process.destroyForcibly();
                process.waitFor();
                kills++;
            }
        }

        int kills() {
            return kills;
        }
    }

    /**
     * A PerfGate JVM started from the test classpath, with Spring AOT's bean definitions as the launchers start it (the
     * build's process-aot generates them into target/classes before the integration tests): one jar, either store.
     */
    private record Server(Process process, Path log, boolean embedded) {

        static Server start(List<String> args, String name) throws IOException {
            Path log = Files.createTempFile(Path.of("target"), "crash-" + name, ".log");
            List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                    "-Xmx384m", "-Dspring.aot.enabled=true",
                    // C1 only and the serial collector: six starts of a 2-core machine spend their CPU on the test,
                    // not on C2 compiling what only a start runs (what is measured here is what survives a kill)
                    "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", mainClassPath(), "dev.perfgate.PerfGateApplication"));
            command.addAll(args);
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            return new Server(process, log, args.stream().noneMatch(a -> a.startsWith("--spring.mongodb.uri=")));
        }

        /** The test classpath without the test classes: their fixed clocks and stand-ins are no part of the server. */
        private static String mainClassPath() {
            return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                    .filter(entry -> !entry.replace('\\', '/').matches(".*/test-classes/?"))
                    .collect(Collectors.joining(File.pathSeparator));
        }

        void awaitUp(TestApi api) throws InterruptedException, IOException {
            Instant deadline = Instant.now().plus(Duration.ofSeconds(180));
            while (true) {
                try {
                    if (api.get("/actuator/health").status() == 200) {
                        String started = Files.readString(log);
                        assertThat(started).as("started with Spring AOT's bean definitions").contains("Starting AOT-processed");
                        assertThat(started.contains("Embedded store (mongo-java-server")).as("the embedded store started")
                                .isEqualTo(embedded);
                        return;
                    }
                } catch (RuntimeException starting) {
                    // not listening yet
                }
                assertThat(process.isAlive()).as("server alive; log: %s", Files.readString(log)).isTrue();
                assertThat(Instant.now()).as("server up in time").isBefore(deadline);
                Thread.sleep(200);
            }
        }

        /** Waits until the server's log has the text (polled); fails past the deadline. */
        void awaitLog(String text, Duration within) throws InterruptedException, IOException {
            Instant deadline = Instant.now().plus(within);
            while (!Files.readString(log).contains(text)) {
                assertThat(Instant.now()).as("'%s' in the server's log in time", text).isBefore(deadline);
                Thread.sleep(100);
            }
        }

        /** SIGKILL: no shutdown hook runs, nothing is handed back. */
        void kill() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor();
        }

        int recovered() throws IOException {
            Matcher queued = Pattern.compile("Queued (\\d+) ended runs without a verdict").matcher(Files.readString(log));
            return queued.find() ? Integer.parseInt(queued.group(1)) : 0;
        }
    }
}

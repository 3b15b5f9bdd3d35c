package dev.perfgate.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.perfgate.PerfGateApplication;
import dev.perfgate.run.CreateRunRequest;
import dev.perfgate.run.EndRunRequest;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunService;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Trigger;
import dev.perfgate.system.ApiException;

/**
 * PerfGate restarted on the same data dir (the embedded store): a trigger the previous process left running (it
 * crashed) or stopped (it shut down) is shown by the next one, failed with the reason, its run not left running, its
 * orphaned load process stopped, and its series free again.
 * <p>
 * The class runs beside the other integration tests (its tests one after another): its servers, data directories and
 * load processes are its own (server/pom.xml's Failsafe settings).
 */
@Execution(ExecutionMode.CONCURRENT)
class TriggerRestartIT {

    static final TriggerRequest REQUEST = new TriggerRequest("shop", "peak", "test", "1.2", 2, 300, 0);
    static final String SCRIPT = Path.of("src/test/resources/trigger/fake-gatling.sh").toAbsolutePath().toString();

    @TempDir
    Path dataDir;
    @TempDir
    Path runnerDir;

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldFailATriggerACrashedProcessLeftRunningStopItsLoadAndAbortItsRun() throws Exception {
        Process orphan = new ProcessBuilder("sleep", "300").start();
        try {
            Owner crashed = deadProcessOnThisMachine();
            String triggerId = new ObjectId().toHexString();
            Run run;
            try (ConfigurableApplicationContext before = perfGate()) {
                run = before.getBean(RunService.class).create(new CreateRunRequest("shop", "peak", "test", null, "1.2",
                        null, null, null, null, Trigger.UI, List.of("ui"), Map.of(), 0, null), Trigger.UI).run();
                Progress progress = new Progress(triggerId, "local", REQUEST, "ann", Instant.now());
                progress.state(Progress.State.RUNNING, "load running (dev.perfgate.load.SmokeSimulation)");
                progress.run(run.id(), run.runId());
                progress.loadProcess(orphan.pid(), orphan.info().startInstant().orElseThrow());
                progress.load(6, 120, 1);
                leftBy(crashed, before, progress);
            }

            try (ConfigurableApplicationContext after = perfGate()) {
                JsonNode progress = progressJson(after, triggerId);

                assertThat(progress.path("state").asString()).isEqualTo("FAILED");
                assertThat(progress.path("finished").asBoolean()).isTrue();
                assertThat(progress.path("message").asString()).isEqualTo("PerfGate restarted while this run was going; "
                        + "the load process (pid " + orphan.pid() + ") was still running and has been stopped; run "
                        + run.runId() + " was aborted");
                assertThat(progress.path("requests").asLong()).as("the last saved progress").isEqualTo(120);
                assertThat(orphan.waitFor(20, TimeUnit.SECONDS)).as("the orphaned load process was stopped").isTrue();
                Run aborted = after.getBean(RunService.class).get(run.id());
                assertThat(aborted.status()).isEqualTo(RunStatus.ABORTED);
                assertThat(aborted.statusReason())
                        .isEqualTo("PerfGate restarted while this run was going; the load's results were not collected");
                assertThat(after.getBean(Triggers.class).start(REQUEST, "bob").id()).as("the series is free again")
                        .isNotEqualTo(triggerId);
            }
        } finally {
            orphan.destroyForcibly();
        }
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldKeepTheSeriesForAQueuedJenkinsBuildUntilItRecordsItsRun() throws Exception {
        Owner crashed = deadProcessOnThisMachine();
        String triggerId = new ObjectId().toHexString();
        try (ConfigurableApplicationContext before = perfGate()) {
            Progress progress = new Progress(triggerId, JenkinsRunner.NAME, REQUEST, "ann", Instant.now());
            progress.state(Progress.State.QUEUED, "Jenkins queued the build; waiting for it to record its run");
            leftBy(crashed, before, progress);
        }

        try (ConfigurableApplicationContext after = perfGate()) {
            JsonNode progress = progressJson(after, triggerId);
            assertThat(progress.path("state").asString()).isEqualTo("FAILED");
            assertThat(progress.path("message").asString()).startsWith("PerfGate restarted while this run was going; "
                    + "the Jenkins build goes on by itself and records its run; the series stays reserved for the run "
                    + "it will record, until ");
            Triggers triggers = after.getBean(Triggers.class);
            assertThatThrownBy(() -> triggers.start(REQUEST, "bob")).as("the queued build will still load the series")
                    .isInstanceOf(ApiException.class).hasMessageContaining("has not recorded its run yet");

            // the build runs after all and records its run, as the perfgate CLI in it does; once it ended, the series is free
            RunService runs = after.getBean(RunService.class);
            Run recorded = runs.create(new CreateRunRequest("shop", "peak", "test", null, "1.2", null, null, null, null,
                    Trigger.CI, List.of(), Map.of(), 0, null), Trigger.CI).run();
            assertThatThrownBy(() -> triggers.start(REQUEST, "bob")).as("its run is running")
                    .isInstanceOf(ApiException.class).hasMessageContaining("has been running since");
            runs.end(recorded.id(), new EndRunRequest(EndRunRequest.Outcome.ABORTED, "the test ends it", null));
            assertThat(triggers.start(REQUEST, "bob").id()).as("the series is free again").isNotEqualTo(triggerId);
        }
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldShowTheNextProcessATriggerStoppedByAShutdown() throws Exception {
        String triggerId;
        try (ConfigurableApplicationContext before = perfGate()) {
            triggerId = before.getBean(Triggers.class).start(REQUEST, "ann").id();
            TriggerRepository store = before.getBean(TriggerRepository.class);
            awaitSaved(store, triggerId);
        }

        try (ConfigurableApplicationContext after = perfGate()) {
            JsonNode progress = progressJson(after, triggerId);

            assertThat(progress.path("state").asString()).isEqualTo("FAILED");
            assertThat(progress.path("message").asString()).isEqualTo("stopped: PerfGate is shutting down");
            assertThat(progress.path("requests").asLong()).as("the console's counters were saved").isPositive();
            Run run = after.getBean(RunService.class).get(progress.path("runId").asString());
            assertThat(run.status()).isEqualTo(RunStatus.ABORTED);
            assertThat(run.statusReason()).isEqualTo("PerfGate stopped while the load was running");
        }
    }

    /** PerfGate on the test's data dir and a random port (arguments: they win over application.properties). */
    private ConfigurableApplicationContext perfGate() {
        return new SpringApplicationBuilder(PerfGateApplication.class).run(
                "--perfgate.data-dir=" + dataDir, "--server.port=0", "--perfgate.security.admin-token=restart-admin",
                "--perfgate.security.users[0].name=ann", "--perfgate.security.users[0].password={noop}ann-secret",
                "--perfgate.security.users[0].role=runner",
                "--perfgate.runner.local.working-dir=" + runnerDir, "--perfgate.runner.local.results-dir=results",
                "--perfgate.runner.local.command=sh," + SCRIPT + ",{resultsDir},{durationSeconds},20");
    }

    /** Stores the trigger as the crashed process last saved it, holding its series. */
    private static void leftBy(Owner crashed, ConfigurableApplicationContext context, Progress progress) {
        TriggerRepository store = context.getBean(TriggerRepository.class);
        store.insert(StoredTrigger.of(REQUEST, progress.snapshot(), crashed, Instant.now()));
        store.lock(REQUEST.series(), progress.id(), Instant.now());
    }

    /** A PerfGate process that ran on this machine and is gone. */
    private static Owner deadProcessOnThisMachine() throws Exception {
        Process process = new ProcessBuilder("sleep", "60").start();
        Instant started = process.info().startInstant().orElseThrow();
        process.destroy();
        process.waitFor(10, TimeUnit.SECONDS);
        Owner me = Owner.current();
        return new Owner(me.host(), me.pidNamespace(), process.pid(), started.truncatedTo(ChronoUnit.MILLIS));
    }

    /** Waits (bounded) until the running trigger's saved progress counts requests. */
    private static void awaitSaved(TriggerRepository store, String id) throws InterruptedException {
        for (int attempt = 0; attempt < 600; attempt++) {
            if (store.find(id).map(StoredTrigger::requests).orElse(0L) > 0) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the progress of trigger " + id + " was never saved with requests");
    }

    /** Signs in as a runner and asks for the progress the page polls. */
    private static JsonNode progressJson(ConfigurableApplicationContext context, String triggerId) throws Exception {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager())
                .connectTimeout(Duration.ofSeconds(5)).build();
        String login = browser.send(HttpRequest.newBuilder(uri(port, "/login")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        Matcher csrf = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"").matcher(login);
        assertThat(csrf.find()).as("CSRF token on the login page").isTrue();
        String form = "username=ann&password=ann-secret&_csrf=" + URLEncoder.encode(csrf.group(1), StandardCharsets.UTF_8);
        browser.send(HttpRequest.newBuilder(uri(port, "/login")).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> progress = browser.send(HttpRequest.newBuilder(uri(port, "/trigger/" + triggerId + "/progress"))
                .header("Accept", "application/json").timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(progress.statusCode()).as(progress.body()).isEqualTo(200);
        return JsonMapper.builder().build().readTree(progress.body());
    }

    private static URI uri(int port, String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}

package dev.perfgate.alert;

import static dev.perfgate.alert.AlertApps.api;
import static dev.perfgate.alert.WebhookReceiver.containing;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.springframework.context.ConfigurableApplicationContext;

import dev.perfgate.TestApi;
import dev.perfgate.alert.WebhookReceiver.Received;
import dev.perfgate.system.StoreChoice;
import tools.jackson.databind.JsonNode;

/**
 * The outbox across PerfGate's life: an alert left undelivered survives a restart, an alert that cannot be delivered
 * is given up and listed, and two instances on one store never send an alert twice. Each test starts its own PerfGate
 * (or two) with command-line properties over a data dir of its own ({@link AlertApps}); a wrong webhook stopping the
 * start: {@link AlertRouteStartIT}.
 * <p>
 * The class runs beside the other integration tests (its tests one after another): it mostly waits for its outboxes'
 * polls and back-offs, and its servers, stores and receivers are its own (server/pom.xml's Failsafe settings).
 */
@Execution(ExecutionMode.CONCURRENT)
class AlertLifecycleIT {

    static final Duration WAIT = Duration.ofSeconds(60); // returns as soon as it holds; JudgingCrashIT's JVMs may run beside this class

    WebhookReceiver receiver;
    AlertApps apps;

    @BeforeEach
    void setUp() throws IOException {
        receiver = new WebhookReceiver();
        apps = new AlertApps();
    }

    @AfterEach
    void tearDown() {
        apps.close();
        receiver.close();
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldDeliverAnAlertLeftUndeliveredAfterPerfGateRestarts() throws Exception {
        receiver.stop();
        ConfigurableApplicationContext first = apps.start(slackRoute("/services/T0/B0/SECRETrestart"));
        Judging before = judging(first);
        before.checks("restart", 50);
        String id = before.run("restart", "test", "1", 66.0).path("id").asString();
        before.awaitAlerts(id, a -> a.size() == 1 && a.get(0).path("attempts").asInt() >= 1
                && a.get(0).path("status").asString().equals("pending"), WAIT);
        first.close();

        receiver.start();
        ConfigurableApplicationContext second = apps.start(slackRoute("/services/T0/B0/SECRETrestart"));
        receiver.awaitDelivered(containing("restart/peak/test run 1"), WAIT);
        JsonNode sent = judging(second).awaitAlerts(id, a -> a.get(0).path("status").asString().equals("sent"), WAIT).get(0);

        Thread.sleep(600); // three more polls: nothing may be posted again
        assertThat(receiver.delivered(containing("restart/peak/test run 1"))).as("exactly once").hasSize(1);
        assertThat(sent.path("lastError").asString()).contains("cannot reach the endpoint");
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldGiveUpAfterTheConfiguredTimeAndListTheAlertAsFailed() throws Exception {
        receiver.stop();
        List<String> args = slackRoute("/services/T0/B0/SECRETgiveup");
        args.add("--perfgate.alerts.give-up-after=2s");
        ConfigurableApplicationContext context = apps.start(args);
        Judging judging = judging(context);
        judging.checks("doomed", 50);
        Instant start = Instant.now();
        String id = judging.run("doomed", "test", "9", 80.0).path("id").asString();

        judging.awaitAlerts(id, a -> a.size() == 1 && a.get(0).path("status").asString().equals("failed"), WAIT);

        assertThat(Duration.between(start, Instant.now())).as("not before give-up-after").isGreaterThan(Duration.ofSeconds(2));
        String viewer = api(context).post("/api/v1/tokens", "{\"name\":\"ops\",\"role\":\"viewer\"}").text("token");
        TestApi asViewer = api(context).withToken(viewer);
        JsonNode failed = asViewer.get("/api/v1/alerts?status=failed").body();
        assertThat(failed).hasSize(1);
        assertThat(failed.get(0).path("headline").asString()).isEqualTo("FAIL: doomed/peak/test run 9");
        assertThat(failed.get(0).path("lastError").asString()).startsWith("gave up after ")
                .contains("in PT2S; last error: cannot reach the endpoint");
        assertThat(failed.get(0).path("destination").asString()).endsWith("/***");
        assertThat(asViewer.get("/api/v1/alerts?status=sent").body()).isEmpty();
        assertThat(asViewer.get("/api/v1/alerts?status=lost").status()).isEqualTo(400);
        assertThat(api(context).withToken(null).get("/api/v1/alerts").status()).isEqualTo(401);
        String metrics = api(context).withToken(null).get("/actuator/prometheus").raw();
        assertThat(metrics).contains("perfgate_alerts_failed_total 1.0", "perfgate_alert_outbox_pending 0.0");
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldNeverSendAnAlertTwiceWithTwoInstancesOnOneStore() throws Exception {
        List<String> args = new ArrayList<>(List.of("--perfgate.alerts.routes[0].name=race",
                "--perfgate.alerts.routes[0].type=webhook",
                "--perfgate.alerts.routes[0].webhook-url=" + receiver.url("/race")));
        ConfigurableApplicationContext a = apps.start(args);
        int storePort = a.getBean(StoreChoice.class).embeddedAddress().orElseThrow().getPort();
        List<String> second = new ArrayList<>(args);
        second.add("--spring.mongodb.uri=mongodb://127.0.0.1:" + storePort + "/perfgate");
        ConfigurableApplicationContext b = apps.start(second);
        receiver.delay(Duration.ofMillis(20));
        AlertOutbox outbox = a.getBean(AlertOutbox.class);
        Instant now = Instant.now();
        int count = 40;
        for (int i = 0; i < count; i++) {
            outbox.add(new Alert("race-" + i, "v" + i, "r" + i, "" + i, "s/w/e", "race", Route.ChannelType.WEBHOOK,
                    AlertPolicy.Kind.FAIL, "FAIL: s/w/e run " + i, "{\"n\":" + i + "}", AlertStatus.PENDING, 0, now, now,
                    now.plus(Duration.ofHours(1)), null, null, null));
        }

        Instant deadline = Instant.now().plus(WAIT);
        while (receiver.all().size() < count && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
        }
        Thread.sleep(600); // three more polls of each instance

        assertThat(receiver.all()).hasSize(count);
        assertThat(receiver.all().stream().map(Received::idempotencyKey).distinct()).hasSize(count);
        double sentByA = a.getBean(MeterRegistry.class).counter("perfgate.alerts.sent").count();
        double sentByB = b.getBean(MeterRegistry.class).counter("perfgate.alerts.sent").count();
        assertThat(sentByA + sentByB).isEqualTo(count);
        assertThat(sentByA).as("both instances took part (A %s, B %s)", sentByA, sentByB).isPositive();
        assertThat(sentByB).as("both instances took part (A %s, B %s)", sentByA, sentByB).isPositive();
    }

    private List<String> slackRoute(String path) {
        return new ArrayList<>(List.of("--perfgate.alerts.routes[0].name=team",
                "--perfgate.alerts.routes[0].webhook-url=" + receiver.url(path)));
    }

    private Judging judging(ConfigurableApplicationContext context) {
        return new Judging(api(context), apps.checks);
    }
}

package dev.perfgate.alert;

import static dev.perfgate.alert.WebhookReceiver.containing;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfgate.TestApi;
import dev.perfgate.alert.WebhookReceiver.Received;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Slack alerts end to end: verdicts driven through the API, alerts posted to a local receiver standing in for Slack
 * (incoming webhooks, chat.postMessage) and for a generic webhook; the receiver goes down, rate-limits and fails.
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "perfgate.security.admin-token=alert-admin", "perfgate.data-dir=target/it-data/${random.uuid}",
        "perfgate.checks-reload-ms=200", "perfgate.public-url=http://perfgate.test",
        "perfgate.alerts.send-on=fail,recovery", "perfgate.alerts.poll-interval=200ms",
        "perfgate.alerts.initial-backoff=300ms", "perfgate.alerts.max-backoff=1s",
        "perfgate.alerts.request-timeout=2s", "perfgate.alerts.lease=5s"})
class SlackAlertIT {

    static final String TEAM = "/services/T0TEAM/B0TEAM/SECRETteam";
    static final String BILLING = "/services/T0BILL/B0BILL/SECRETbilling";
    static final String GENERIC = "/generic/SECRETgeneric";
    static final Duration WAIT = Duration.ofSeconds(20);
    static final WebhookReceiver SLACK;
    static final Path CHECKS;

    static {
        try {
            SLACK = new WebhookReceiver();
            CHECKS = Files.createTempDirectory("perfgate-alert-checks");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Routes all here: Spring Boot binds an indexed list from one property source only. */
    @DynamicPropertySource
    static void routes(DynamicPropertyRegistry registry) {
        registry.add("perfgate.checks-dir", CHECKS::toString);
        registry.add("perfgate.alerts.slack-api-url", () -> SLACK.url("/api"));
        route(registry, 0, "name", "team");
        route(registry, 0, "environment", "test");
        route(registry, 0, "webhook-url", SLACK.url(TEAM));
        route(registry, 0, "mention", "<!subteam^S0PERF>");
        route(registry, 0, "quiet", "quietshop");
        route(registry, 1, "name", "billing-team");
        route(registry, 1, "system", "billing");
        route(registry, 1, "webhook-url", SLACK.url(BILLING));
        route(registry, 2, "name", "ops-webhook");
        route(registry, 2, "type", "webhook");
        route(registry, 2, "environment", "staging");
        route(registry, 2, "webhook-url", SLACK.url(GENERIC));
        route(registry, 3, "name", "bot");
        route(registry, 3, "system", "botshop");
        route(registry, 3, "bot-token", "xoxb-1-SECRETbot");
        route(registry, 3, "channel", "#perf");
    }

    private static void route(DynamicPropertyRegistry registry, int i, String name, String value) {
        registry.add("perfgate.alerts.routes[" + i + "]." + name, () -> value);
    }

    @AfterAll
    static void stopReceiver() {
        SLACK.close();
    }

    @LocalServerPort
    int port;

    TestApi api;
    Judging judging;

    @BeforeEach
    void setUp() {
        api = new TestApi(port, "alert-admin");
        judging = new Judging(api, CHECKS);
    }

    @Test
    void shouldPostAFailWithItsNumbersLinksAndMentionThenTheRecovery(CapturedOutput output) throws Exception {
        judging.checks("shop", 50);
        JsonNode v151 = judging.run("shop", "test", "151", 18.52);
        assertThat(judging.alerts(v151.path("id").asString())).as("a PASS alerts nobody").isEmpty();

        JsonNode v154 = judging.run("shop", "test", "154", 51.12);
        Received fail = SLACK.awaitDelivered(to(TEAM).and(containing("shop/peak/test run 154")), WAIT);

        assertThat(v154.path("status").asString()).isEqualTo("FAIL");
        JsonNode blocks = fail.json().path("blocks");
        assertThat(blocks.get(0).path("text").path("text").asString()).isEqualTo(":red_circle: FAIL: shop/peak/test run 154");
        assertThat(texts(fail.json())).contains("<!subteam^S0PERF> key check failed: *avg CPU*", "*Version*\n1.154",
                "*Build*\n<https://ci.example/job/shop/154/|#154>", "*Series*\n`shop/peak/test`",
                "*Run*\n<http://perfgate.test/runs/" + v154.path("id").asString() + "|154>");
        assertThat(texts(fail.json())).anySatisfy(t -> assertThat(t).contains(
                "avg CPU 51.12 % &gt; 50 %; avg CPU 51.12 % vs 18.52 % in run 151: +176 % &gt; +10 %"));
        assertThat(buttons(fail.json())).containsExactly(
                "run=http://perfgate.test/runs/" + v154.path("id").asString(),
                "compare=http://perfgate.test/compare?run=" + v154.path("id").asString() + "&with=" + v151.path("id").asString(),
                "trends=http://perfgate.test/series/shop/peak/test/trends");

        JsonNode v155 = judging.run("shop", "test", "155", 32.0);
        Received recovery = SLACK.awaitDelivered(to(TEAM).and(containing("shop/peak/test run 155")), WAIT);
        assertThat(v155.path("status").asString()).isEqualTo("PASS");
        assertThat(recovery.json().path("text").asString())
                .isEqualTo("PASS: shop/peak/test run 155 (recovered: PASS after FAIL in run 154)");

        assertThat(SLACK.all(containing(": shop/peak/test run"))).as("one message each, to the team only").hasSize(2)
                .allSatisfy(r -> assertThat(r.path()).isEqualTo(TEAM));
        String listed = api.get("/api/v1/alerts").raw();
        assertThat(listed).contains("http://127.0.0.1:").contains("/***").doesNotContain("SECRET");
        assertThat(output.getAll()).as("no webhook URL or token in the log").doesNotContain("SECRET")
                .contains("Alerts: sent FAIL: shop/peak/test run 154");
    }

    @Test
    void shouldSendOneMessagePerOutcomeAndAnUpdateWhenAReevaluationChangesIt() throws Exception {
        judging.checks("cart", 50);
        String id = judging.run("cart", "test", "7", 51.0).path("id").asString();
        SLACK.awaitDelivered(to(TEAM).and(containing("cart/peak/test run 7")), WAIT);

        JsonNode again = api.post("/api/v1/runs/" + id + "/evaluate", null).body();
        assertThat(again.path("status").asString()).isEqualTo("FAIL");
        assertThat(judging.alerts(id)).as("same outcome, no second message").hasSize(1);

        judging.checks("cart", 60);
        JsonNode changed = api.post("/api/v1/runs/" + id + "/evaluate", null).body();
        Received update = SLACK.awaitDelivered(to(TEAM).and(containing("cart/peak/test run 7"))
                .and(containing("verdict changed from FAIL to PASS after re-evaluation")), WAIT);

        assertThat(changed.path("status").asString()).isEqualTo("PASS");
        assertThat(texts(update.json())).contains("*verdict changed from FAIL to PASS after re-evaluation*");
        assertThat(judging.alerts(id)).extracting(a -> a.path("kind").asString()).containsExactly("changed", "fail");
        assertThat(SLACK.all(containing("cart/peak/test run 7"))).hasSize(2);
    }

    @Test
    void shouldDeliverExactlyOnceAfterTheReceiverWasDownAndAfterServerErrors() throws Exception {
        judging.checks("search", 50);
        String id;
        SLACK.stop();
        try {
            id = judging.run("search", "test", "1", 70.0).path("id").asString();
            judging.awaitAlerts(id, a -> a.size() == 1 && a.get(0).path("attempts").asInt() >= 3
                    && a.get(0).path("status").asString().equals("pending"), WAIT);
        } finally {
            SLACK.start();
        }
        SLACK.awaitDelivered(containing("search/peak/test run 1"), WAIT);
        JsonNode sent = judging.awaitAlerts(id, a -> a.get(0).path("status").asString().equals("sent"), WAIT).get(0);
        assertThat(sent.path("lastError").asString()).contains("cannot reach the endpoint");

        SLACK.answerNext(500, null, 2);
        String second = judging.run("search", "test", "2", 70.0).path("id").asString();
        SLACK.awaitDelivered(containing("search/peak/test run 2"), WAIT);
        JsonNode afterErrors = judging.awaitAlerts(second, a -> a.get(0).path("status").asString().equals("sent"), WAIT).get(0);

        Thread.sleep(800); // four more polls: nothing may be posted again
        assertThat(SLACK.delivered(containing("search/peak/test run 1"))).as("exactly once").hasSize(1);
        assertThat(SLACK.delivered(containing("search/peak/test run 2"))).as("exactly once").hasSize(1);
        assertThat(SLACK.all(containing("search/peak/test run 2"))).extracting(Received::answered).containsExactly(500, 500, 200);
        assertThat(afterErrors.path("attempts").asInt()).isEqualTo(3);
    }

    @Test
    void shouldNotLetAnUpdateOvertakeTheMessageItUpdates() throws Exception {
        judging.checks("order", 50);
        SLACK.stop();
        try {
            String id = judging.run("order", "test", "1", 55.0).path("id").asString();
            judging.awaitAlerts(id, a -> a.get(0).path("attempts").asInt() >= 3, WAIT);
            judging.checks("order", 60);
            api.post("/api/v1/runs/" + id + "/evaluate", null);
            assertThat(judging.alerts(id)).hasSize(2);
        } finally {
            SLACK.start();
        }

        SLACK.awaitDelivered(containing("order/peak/test run 1").and(containing("verdict changed")), WAIT);

        assertThat(SLACK.delivered(containing("order/peak/test run 1"))).extracting(r -> r.json().path("text").asString())
                .containsExactly("<!subteam^S0PERF> FAIL: order/peak/test run 1: avg CPU 55 % &gt; 50 %; avg CPU: no baseline yet, growth rule &lt;= +10% not judged",
                        "PASS: order/peak/test run 1 (verdict changed from FAIL to PASS after re-evaluation)");
    }

    @Test
    void shouldWaitAsLongAsRetryAfterSays() throws Exception {
        judging.checks("retry", 50);
        SLACK.answerNext(429, "2", 1);
        String id = judging.run("retry", "test", "1", 70.0).path("id").asString();
        Received delivered = SLACK.awaitDelivered(containing("retry/peak/test run 1"), WAIT);

        List<Received> attempts = SLACK.all(containing("retry/peak/test run 1"));
        assertThat(attempts).extracting(Received::answered).containsExactly(429, 200);
        assertThat(Duration.between(attempts.get(0).at(), delivered.at())).as("next attempt not before Retry-After")
                .isGreaterThanOrEqualTo(Duration.ofSeconds(2));
        assertThat(judging.awaitAlerts(id, a -> a.get(0).path("status").asString().equals("sent"), WAIT).get(0)
                .path("attempts").asInt()).isEqualTo(2);
    }

    @Test
    void shouldPostPlainJsonWithItsDedupeKeyToAGenericWebhook() throws Exception {
        judging.checks("gateway", 50);
        JsonNode verdict = judging.run("gateway", "staging", "3", 55.5);
        Received hook = SLACK.awaitDelivered(to(GENERIC).and(containing("gateway/peak/staging")), WAIT);

        JsonNode body = hook.json();
        String key = verdict.path("verdictId").asString() + "/ops-webhook";
        assertThat(hook.idempotencyKey()).isEqualTo(key);
        assertThat(body.path("dedupeKey").asString()).isEqualTo(key);
        assertThat(body.path("kind").asString()).isEqualTo("fail");
        assertThat(body.path("run").path("version").asString()).isEqualTo("1.3");
        assertThat(body.path("checks").get(0).path("message").asString()).isEqualTo("avg CPU 55.5 % > 50 %; avg CPU: no baseline yet, growth rule <= +10% not judged");
        assertThat(body.path("links").path("run").asString()).isEqualTo("http://perfgate.test/runs/" + verdict.path("id").asString());
        assertThat(SLACK.all(containing("gateway/peak/staging"))).as("the Slack route takes environment test only").hasSize(1);
    }

    @Test
    void shouldPostWithABotTokenAndKeepQuietSeriesWithoutMentions(CapturedOutput output) throws Exception {
        judging.checks("botshop", 50);
        judging.checks("quietshop", 50);
        judging.run("botshop", "test", "1", 60.0);
        judging.run("quietshop", "test", "1", 60.0);

        Received bot = SLACK.awaitDelivered(to("/api/chat.postMessage").and(containing("botshop/peak/test")), WAIT);
        Received quiet = SLACK.awaitDelivered(to(TEAM).and(containing("quietshop/peak/test")), WAIT);

        assertThat(bot.json().path("channel").asString()).isEqualTo("#perf");
        assertThat(bot.authorization()).isEqualTo("Bearer xoxb-1-SECRETbot");
        assertThat(quiet.body()).doesNotContain("subteam");
        assertThat(SLACK.delivered(to(TEAM).and(containing("botshop/peak/test")))).first()
                .satisfies(r -> assertThat(r.body()).contains("<!subteam^S0PERF>"));
        assertThat(output.getAll()).doesNotContain("SECRETbot").contains("xoxb-***");
    }

    @Test
    void shouldExposeAlertMetrics() throws Exception {
        String metrics = new TestApi(port, null).get("/actuator/prometheus").raw();

        assertThat(metrics).doesNotContain("perfgate_alerts_pending").contains("perfgate_alert_outbox_pending ", "perfgate_alerts_sent_total ",
                "perfgate_alerts_failed_total ", "perfgate_alerts_retries_total ");
    }

    @Test
    void shouldTimeSlackAndWebhookCallsUnderTheTargetsTheDashboardReads() throws Exception {
        judging.checks("metered", 50);
        judging.run("metered", "test", "1", 60.0);
        judging.run("metered", "staging", "1", 60.0);
        SLACK.awaitDelivered(to(TEAM).and(containing("metered/peak/test")), WAIT);
        SLACK.awaitDelivered(to(GENERIC).and(containing("metered/peak/staging")), WAIT);

        List<String> slack = awaitOutboundSamples("slack");
        List<String> webhook = awaitOutboundSamples("webhook");

        assertThat(slackCallsPanelQuery()).as("the dashboard's Slack calls panel").contains("target=\"slack\"");
        assertThat(slack).as("Slack calls in /actuator/prometheus")
                .anySatisfy(line -> assertThat(line).contains("method=\"POST\"", "outcome=\"SUCCESS\"", "status=\"200\""));
        assertThat(webhook).as("webhook calls in /actuator/prometheus").isNotEmpty();
    }

    /** The outbound-call counts with this target in PerfGate's scrape, waiting until one has counted a call. */
    private List<String> awaitOutboundSamples(String target) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        List<String> samples = List.of();
        while (System.nanoTime() < deadline) {
            samples = new TestApi(port, null).get("/actuator/prometheus").raw().lines()
                    .filter(l -> l.startsWith("perfgate_outbound_requests_seconds_count{"))
                    .filter(l -> l.contains("target=\"" + target + "\""))
                    .filter(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)) >= 1).toList();
            if (!samples.isEmpty()) {
                return samples;
            }
            Thread.sleep(100);
        }
        return samples;
    }

    private static String slackCallsPanelQuery() throws IOException {
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(dir.resolve("dashboards"))) {
            dir = dir.getParent();
        }
        JsonNode dashboard = JsonMapper.builder().build().readTree(Files.readString(dir.resolve("dashboards/perfgate-service.json")));
        for (JsonNode panel : dashboard.path("panels")) {
            if (panel.path("title").asString("").equals("Slack calls")) {
                return panel.path("targets").get(0).path("expr").asString();
            }
        }
        throw new AssertionError("dashboards/perfgate-service.json has no panel titled Slack calls");
    }

    private static Predicate<Received> to(String path) {
        return r -> r.path().equals(path);
    }

    private static List<String> texts(JsonNode message) {
        List<String> texts = new ArrayList<>();
        for (JsonNode block : message.path("blocks")) {
            texts.add(block.path("text").path("text").asString(""));
            block.path("fields").forEach(f -> texts.add(f.path("text").asString()));
        }
        return texts;
    }

    private static List<String> buttons(JsonNode message) {
        List<String> buttons = new ArrayList<>();
        for (JsonNode block : message.path("blocks")) {
            if (block.path("type").asString().equals("actions")) {
                block.path("elements").forEach(b -> buttons.add(b.path("action_id").asString() + "=" + b.path("url").asString()));
            }
        }
        return buttons;
    }
}

package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfgate.StoryChecks;
import dev.perfgate.TestApi;
import dev.perfgate.check.GateDefinitions;
import dev.perfgate.check.RunProfiles;
import dev.perfgate.profile.Profile;
import dev.perfgate.profile.ProfileReport;
import dev.perfgate.profile.ProfileType;
import dev.perfgate.profile.Quantity;
import dev.perfgate.run.Run;

/**
 * The UI in a real headless Chromium: sign in, find the failing run of the Perfana story (runs 151–155, CPU posted as
 * a measure) and its numbers, compare it with its baseline (the diff flame graph drawn from profiles a stand-in of
 * the profile feature serves; ProfileDiffBrowserIT draws it from a real Pyroscope), follow the trends, trigger a
 * run (a script stands in for Gatling) to its verdict, and be refused a second one of the same series meanwhile; an
 * open run page shows its verdict once it is in, or stops waiting and says so; backtest the checks from the trends
 * page, as they are and edited. Screenshots go to target/screenshots/.
 * <p>
 * The class runs beside the other integration tests (its tests one after another, in one browser): most of its time
 * is Chromium drawing pages and waiting for them, while the others mostly wait on their servers (server/pom.xml's
 * Failsafe settings).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "perfgate.security.admin-token=ui-admin", "perfgate.data-dir=target/it-data/${random.uuid}",
        "perfgate.checks-reload-ms=200", "perfgate.ui.verdict-wait=PT15S",
        "perfgate.security.users[0].name=ann", "perfgate.security.users[0].password={noop}ann-secret",
        "perfgate.security.users[0].role=admin",
        "perfgate.security.users[1].name=vic", "perfgate.security.users[1].password={noop}vic-secret",
        "perfgate.security.users[1].role=viewer"})
@Import(UiBrowserIT.StoryProfiles.class)
@Execution(ExecutionMode.CONCURRENT)
class UiBrowserIT {

    static final String SYSTEM = "afterburner";
    static final Path CHECKS = tempDir("perfgate-ui-checks");
    static final Path RUNNER_DIR = tempDir("perfgate-ui-runner");
    static final Path RELEASE = RUNNER_DIR.resolve("release-the-triggered-run");
    static final Duration WAIT = Chromium.WAIT;

    static Chromium chromium;
    static WebDriver browser;

    @LocalServerPort
    int port;

    @Autowired
    GateDefinitions definitions;

    /** A loopback stand-in for Prometheus: any query_range gets one series, a CPU curve over the asked window. */
    static final HttpServer PROMETHEUS = prometheusStub();

    @DynamicPropertySource
    static void directories(DynamicPropertyRegistry registry) throws IOException {
        Path script = Path.of("src/test/resources/trigger/fake-gatling.sh").toAbsolutePath();
        registry.add("perfgate.checks-dir", CHECKS::toString);
        registry.add("perfgate.runner.local.working-dir", RUNNER_DIR::toString);
        registry.add("perfgate.runner.local.results-dir", () -> "results");
        // the triggered run ends when the test has seen a second trigger refused (RELEASE), not after a time that a busy
        // machine's pages in between can outlast
        registry.add("perfgate.runner.local.command", () -> "sh," + script + ",{resultsDir},{durationSeconds},20,0," + RELEASE);
        Files.writeString(CHECKS.resolve(SYSTEM + ".yaml"), StoryChecks.of(SYSTEM));
        Files.writeString(CHECKS.resolve("prom.yaml"), """
                system: prom
                prometheus: { url: "http://127.0.0.1:%d" }
                checks:
                  - id: cpu
                    name: avg CPU
                    unit: "%%"
                    key: true
                    prometheus: { query: 'avg(rate(process_cpu_seconds_total{job="sut"}[15s])) * 100', aggregate: avg }
                    requirement: "< 50"
                """.formatted(PROMETHEUS.getAddress().getPort()));
    }

    @BeforeAll
    static void startChromium() throws IOException {
        chromium = Chromium.start();
        browser = chromium.browser();
    }

    @AfterAll
    static void stopChromium() {
        PROMETHEUS.stop(0);
        if (chromium != null) {
            chromium.close();
        }
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldLeadFromTheSeriesToTheFailingCheckItsDiffAndATriggeredRunsVerdict() throws Exception {
        seedThePerfanaStory();

        signIn("ann", "ann-secret");
        assertThat(browser.findElement(By.cssSelector("#series")).getText()).contains("afterburner / peak / test")
                .contains("PASS").contains("run 155").contains("avg CPU").contains("32 %");
        screenshot("01-home");

        browser.findElement(By.linkText("afterburner / peak / test")).click();
        WebElement failing = waitFor(By.cssSelector("#runs tr[data-run='154']"));
        assertThat(failing.getAttribute("class")).contains("row-fail");
        assertThat(failing.findElements(By.cssSelector(".mark-fail"))).hasSize(1);
        assertThat(browser.findElements(By.cssSelector("#runs .mark-fail"))).as("one failing run").hasSize(1);
        screenshot("02-series-runs");

        failing.findElement(By.linkText("run 154")).click();
        WebElement cpu = waitFor(By.cssSelector("#checks tr[data-check='avg CPU']"));
        assertThat(cpu.findElement(By.cssSelector("td.value")).getText()).isEqualTo("51.12 %");
        assertThat(cpu.getText()).contains("FAIL").contains("run 153").contains("18.52 %").contains("+176 %")
                .contains("avg CPU 51.12 % > 50 %; avg CPU 51.12 % vs 18.52 % in run 153: +176 % > +10 %");
        assertThat(browser.findElement(By.cssSelector("#checks tr[data-check='p99 response time'] td.value")).getText())
                .isEqualTo("260 ms");
        waitForCanvas("#chart-latency");
        assertThat(browser.findElement(By.id("profile")).getText()).contains("multiply");
        screenshot("03-run-154");

        browser.findElement(By.linkText("Compare with its baseline")).click();
        waitFor(By.cssSelector("#flamegraph[data-drawn='true'] svg rect"));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Compare run 154 with run 153");
        assertThat(browser.findElement(By.id("compare-checks")).getText()).contains("avg CPU 18.52 % 51.12 % +32.6 % +176 %");
        assertThat(browser.findElements(By.cssSelector("#flamegraph svg g.frame"))).as("frames drawn").hasSizeGreaterThan(3);
        screenshot("04-compare-154-with-153");

        browser.get(url("/series/afterburner/peak/test/trends"));
        waitForCanvas("#trend-0");
        screenshot("05-trends");

        browser.get(url("/trigger?system=afterburner&workload=peak&environment=test"));
        type("version", "1.156");
        type("users", "2");
        type("durationSeconds", "4");
        type("rampUpSeconds", "0");
        browser.findElement(By.id("start")).click();
        String progressPage = waitFor(By.id("progress")).getAttribute("data-src");
        new WebDriverWait(browser, WAIT).until(d -> !d.findElement(By.id("p-requests")).getText().equals("0"));
        assertThat(browser.findElement(By.id("p-elapsed")).getText()).endsWith("of 4 s");
        screenshot("06-trigger-progress");

        String progressUrl = browser.getCurrentUrl();
        browser.get(url("/trigger?system=afterburner&workload=peak&environment=test"));
        browser.findElement(By.id("start")).click();
        assertThat(waitFor(By.id("refused")).getText()).as("a second run of the series, refused with the reason")
                .contains("A run of afterburner/peak/test is already in progress (triggered by ann)");
        screenshot("07-trigger-refused");
        Files.createFile(RELEASE);

        browser.get(progressUrl);
        new WebDriverWait(browser, Duration.ofSeconds(60)).until(ExpectedConditions.attributeToBe(By.id("progress"),
                "data-state", "DONE"));
        assertThat(browser.findElement(By.id("p-verdict-badge")).getText()).isEqualTo("PASS");
        assertThat(browser.findElement(By.id("p-requests")).getText()).isEqualTo("80");
        screenshot("08-trigger-verdict");
        assertThat(progressPage).startsWith("/trigger/");

        browser.findElement(By.id("p-run")).click();
        waitForCanvas("#chart-throughput");
        assertThat(browser.findElement(By.tagName("h1")).getText()).as("numbered after the series' runs 151–155").isEqualTo("Run 156");
        assertThat(browser.findElement(By.cssSelector("dl.meta")).getText()).contains("ui").contains("1.156");
        screenshot("09-run-triggered");
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldChartACheckFromPrometheusOverTheRun() throws Exception {
        TestApi api = new TestApi(port, "ui-admin");
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(120);
        String id = api.post("/api/v1/runs", "{\"system\":\"prom\",\"workload\":\"peak\",\"environment\":\"test\","
                + "\"runId\":\"7\",\"rampUpSeconds\":20,\"startedAt\":\"" + start + "\"}").text("id");
        api.post("/api/v1/runs/" + id + "/end", "{\"endedAt\":\"" + start.plusSeconds(90) + "\"}");
        assertThat(api.get("/api/v1/runs/" + id + "/verdict?wait=60").text("status")).isEqualTo("PASS");

        signIn("ann", "ann-secret");
        browser.get(url("/runs/" + id));
        waitForCanvas("#chart-prometheus");

        assertThat(waitFor(By.id("prometheus-status")).getText()).startsWith("avg CPU from Prometheus: avg(rate(");
        screenshot("10-run-prometheus");
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldShowTheVerdictOnTheOpenRunPageWhenItArrives() throws Exception {
        TestApi api = new TestApi(port, "ui-admin");
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(120);
        String id = api.post("/api/v1/runs", "{\"system\":\"prom\",\"workload\":\"refresh\",\"environment\":\"test\","
                + "\"runId\":\"8\",\"rampUpSeconds\":20,\"startedAt\":\"" + start + "\"}").text("id");
        signIn("ann", "ann-secret");
        browser.get(url("/runs/" + id));
        WebElement waiting = new WebDriverWait(browser, WAIT).until(ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("#waiting[data-state='polling'][aria-live='polite']")));
        assertThat(waiting.getText()).contains("The run is still going");
        screenshot("11-run-waiting");

        api.post("/api/v1/runs/" + id + "/end", "{\"endedAt\":\"" + start.plusSeconds(90) + "\"}");

        new WebDriverWait(browser, WAIT).until(d -> d.findElements(By.id("waiting")).isEmpty());
        TestApi.Response verdict = api.get("/api/v1/runs/" + id + "/verdict");
        assertThat(verdict.text("status")).isEqualTo("PASS");
        assertThat(browser.findElement(By.cssSelector(".summary")).getText()).as("the page reloaded by itself")
                .contains("PASS").contains(verdict.text("summary"));
        waitForCanvas("#chart-prometheus");
        screenshot("12-run-verdict-arrived");
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldStopWaitingForAVerdictAfterTheConfiguredTimeAndSaySo() throws Exception {
        TestApi api = new TestApi(port, "ui-admin");
        String id = api.post("/api/v1/runs", "{\"system\":\"prom\",\"workload\":\"endless\",\"environment\":\"test\","
                + "\"runId\":\"9\"}").text("id");
        signIn("ann", "ann-secret");
        browser.get(url("/runs/" + id));
        waitFor(By.cssSelector("#waiting[data-state='polling']"));

        WebElement waiting = new WebDriverWait(browser, WAIT.plusSeconds(15)).until(ExpectedConditions
                .presenceOfElementLocated(By.cssSelector("#waiting[data-state='gave-up']")));

        assertThat(waiting.getText()).as("perfgate.ui.verdict-wait=PT15S").contains(
                "The run is still going after 15 s: this page stopped checking. Reload it later to see the verdict.");
        screenshot("13-run-stopped-waiting");
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldBacktestTheChecksInForceAndAnEditedFileFromTheTrendsPage() throws Exception {
        seedThePerfanaStory();
        signIn("ann", "ann-secret");
        browser.get(url("/series/afterburner/peak/test/trends"));

        waitFor(By.linkText("Backtest the checks over these runs")).click();
        WebElement run154 = waitFor(By.cssSelector("#backtest tr[data-run='154']"));
        assertThat(run154.getAttribute("data-changed")).as("the checks in force replay to the verdict given").isEqualTo("false");
        assertThat(run154.getText()).contains("FAIL").contains("avg CPU 51.12 % > 50 %");
        assertThat(browser.findElement(By.id("backtest-summary")).getText()).startsWith("0 of ");
        screenshot("14-backtest-in-force");

        WebElement checks = browser.findElement(By.id("checks"));
        String looser = checks.getAttribute("value").replace("\"< 50\"", "\"< 60\"").replace("<= +10%", "<= +200%")
                .replace("<= 200ms", "<= 300ms");
        ((org.openqa.selenium.JavascriptExecutor) browser).executeScript("arguments[0].value = arguments[1]", checks, looser);
        browser.findElement(By.id("run-backtest")).click();

        WebElement edited = waitFor(By.cssSelector("#backtest tr[data-run='154'][data-changed='true']"));
        assertThat(edited.findElements(By.cssSelector(".badge")).get(1).getText()).isEqualTo("PASS");
        assertThat(browser.findElement(By.id("backtest-summary")).getText()).startsWith("1 of ").contains("FAILs cleared 1");
        assertThat(browser.findElement(By.tagName("h2")).getText()).startsWith("Edited checks");
        screenshot("15-backtest-edited");
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldShowAViewerThePagesButNoActions() throws Exception {
        seedThePerfanaStory();

        signIn("vic", "vic-secret");
        browser.get(url("/series/afterburner/peak/test"));
        waitFor(By.linkText("run 155")).click();
        waitFor(By.id("checks"));

        assertThat(browser.findElements(By.id("actions-heading"))).isEmpty();
        assertThat(browser.findElements(By.linkText("Trigger a run"))).isEmpty();
        browser.get(url("/trigger"));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("403 Forbidden");
        assertThat(browser.getPageSource()).contains("Your role may not").doesNotContain("Start the run");
        signOut();
    }

    // --- the story through the API -------------------------------------------------------------------------------

    private static boolean seeded;

    private synchronized void seedThePerfanaStory() throws Exception {
        if (seeded) {
            return;
        }
        definitions.reload();
        TestApi api = new TestApi(port, "ui-admin");
        Instant first = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofHours(6));
        double[] cpu = {18.10, 18.90, 18.52, 51.12, 32.00};
        double[] p99 = {120, 125, 118, 260, 95};
        for (int i = 0; i < 5; i++) {
            String runId = String.valueOf(151 + i);
            Instant start = first.plus(Duration.ofHours(i));
            TestApi.Response created = api.post("/api/v1/runs", """
                    {"system":"%s","workload":"peak","environment":"test","runId":"%s","version":"1.%s",
                     "buildUrl":"https://ci.example/job/perf/%s/","buildNumber":"%s","rampUpSeconds":30,
                     "tags":["nightly"],"startedAt":"%s"}""".formatted(SYSTEM, runId, runId, runId, runId, start));
            assertThat(created.status()).as(created.raw()).isEqualTo(201);
            String id = created.text("id");
            TestApi.Response results = api.post("/api/v1/runs/" + id + "/results", results(start, cpu[i], p99[i]));
            assertThat(results.status()).as(results.raw()).isEqualTo(200);
            api.post("/api/v1/runs/" + id + "/end", "{\"endedAt\":\"" + start.plusSeconds(150) + "\"}");
            TestApi.Response verdict = api.get("/api/v1/runs/" + id + "/verdict?wait=60");
            assertThat(verdict.status()).as(verdict.raw()).isEqualTo(200);
            assertThat(verdict.text("status")).isEqualTo(runId.equals("154") ? "FAIL" : "PASS");
        }
        seeded = true;
    }

    /** 150 s of results: 30 s ramp-up, then steady; p99 per second around the run's p99. */
    private static String results(Instant start, double cpu, double p99) {
        List<String> seconds = new ArrayList<>();
        for (int s = 0; s < 150; s++) {
            long requests = s < 30 ? 2 + s * 48L / 30 : 50 + (s % 5);
            seconds.add("{\"t\":\"%s\",\"requests\":%d,\"errors\":%d,\"meanMs\":%.1f,\"p99Ms\":%.1f}".formatted(
                    start.plusSeconds(s), requests, s % 37 == 0 ? 1 : 0, p99 / 4 + (s % 7), p99 * (0.9 + (s % 11) / 50.0)));
        }
        return """
                {"format":"perfgate-results/v1","tool":"gatling 3.15.1",
                 "window":{"start":"%s","end":"%s","steadyStateStart":"%s"},
                 "global":{"count":6000,"ok":5996,"ko":4,"meanMs":%s,"p50Ms":%s,"p75Ms":%s,"p90Ms":%s,"p95Ms":%s,"p99Ms":%s,"maxMs":%s,"throughputRps":50},
                 "requests":[
                  {"name":"matrix","count":1500,"ok":1500,"ko":0,"meanMs":%s,"p50Ms":%s,"p95Ms":%s,"p99Ms":%s,"throughputRps":12.5},
                  {"name":"lookup","count":1500,"ok":1496,"ko":4,"meanMs":12,"p50Ms":10,"p95Ms":25,"p99Ms":40,"throughputRps":12.5}],
                 "measures":{"cpu_avg_pct":%s},
                 "timeseries":[%s]}""".formatted(start, start.plusSeconds(150), start.plusSeconds(30),
                p99 / 4, p99 / 5, p99 / 3, p99 / 2, p99 * 0.8, p99, p99 * 1.6,
                p99 / 3, p99 / 4, p99 * 0.8, p99, cpu, String.join(",", seconds));
    }

    /**
     * Stands in for Pyroscope (the real profile path is tested in ProfileVerdictIT): folded CPU profiles of the
     * story, multiply growing from run 153 to run 154, served through the interface the pages use.
     */
    @TestConfiguration
    static class StoryProfiles {
        @Bean
        @org.springframework.context.annotation.Primary
        RunProfiles storyProfiles() {
            return new RunProfiles() {
                @Override
                public Optional<ProfileReport> report(Run run, Run baseline) {
                    return profile(run, ProfileType.CPU).map(p -> new ProfileReport(ProfileType.CPU,
                            ProfileReport.Status.PROFILED, "CPU profile (test stand-in)", null, Optional.empty(),
                            Optional.empty(), List.of(), List.of(), List.of(
                                    "dev/perfgate/demo/MatrixCalculator.multiply self CPU 12.0 % → 61.0 % (test stand-in)")));
                }

                @Override
                public Optional<Links> links(Run run, Run baseline) {
                    return Optional.empty();
                }

                @Override
                public Optional<Pair> pair(Run run, Run baseline, ProfileType type) {
                    return Optional.of(new Pair(profile(baseline, type).orElseThrow(), profile(run, type).orElseThrow(),
                            "test stand-in"));
                }

                Optional<Profile> profile(Run run, ProfileType type) {
                    boolean regressed = "154".equals(run.runId());
                    return Optional.of(Profile.fromFolded("""
                            java/lang/Thread.run;org/eclipse/jetty/Server.handle;dev/perfgate/demo/Api.matrix;dev/perfgate/demo/MatrixCalculator.multiply %d
                            java/lang/Thread.run;org/eclipse/jetty/Server.handle;dev/perfgate/demo/Api.matrix;dev/perfgate/demo/Json.write 120
                            java/lang/Thread.run;org/eclipse/jetty/Server.handle;dev/perfgate/demo/Api.lookup;dev/perfgate/demo/Cache.get %d
                            java/lang/Thread.run;org/eclipse/jetty/Server.handle;dev/perfgate/demo/Api.lookup;java/util/HashMap.get 80
                            java/lang/Thread.run;org/eclipse/jetty/Server.handle;dev/perfgate/demo/Api.transform;java/util/regex/Pattern.matcher %d
                            java/lang/Thread.run;jdk/internal/misc/Unsafe.park 150
                            """.formatted(regressed ? 1600 : 200, regressed ? 200 : 260, regressed ? 240 : 10),
                            Quantity.samples(100)));
                }
            };
        }
    }

    private static HttpServer prometheusStub() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/api/v1/query_range", exchange -> {
                Map<String, String> query = new HashMap<>();
                for (String pair : exchange.getRequestURI().getRawQuery().split("&")) {
                    String[] kv = pair.split("=", 2);
                    query.put(kv[0], URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
                }
                double from = Double.parseDouble(query.get("start"));
                double until = Double.parseDouble(query.get("end"));
                double step = Double.parseDouble(query.get("step"));
                List<String> values = new ArrayList<>();
                for (double t = from; t <= until; t += step) {
                    double level = 22 + 6 * Math.sin(t / 9) + Math.min(10, (t - from) / 2);
                    values.add(String.format(Locale.ROOT, "[%.3f,\"%.2f\"]", t, level));
                }
                byte[] body = ("{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[{\"metric\":{},"
                        + "\"values\":[" + String.join(",", values) + "]}]}}").getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
            return server;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    // --- browser helpers ------------------------------------------------------------------------------------------

    private void signIn(String name, String password) {
        chromium.signIn(url(""), name, password);
    }

    private void signOut() {
        browser.get(url("/"));
        browser.findElement(By.cssSelector(".top form button")).click();
        waitFor(By.id("username"));
    }

    private void type(String id, String text) {
        WebElement field = browser.findElement(By.id(id));
        field.clear();
        field.sendKeys(text);
    }

    private WebElement waitFor(By locator) {
        return chromium.waitFor(locator);
    }

    private void waitForCanvas(String chart) {
        waitFor(By.cssSelector(chart + " canvas"));
    }

    private String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    private static void screenshot(String name) throws IOException {
        chromium.screenshot(name);
    }

    private static Path tempDir(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}

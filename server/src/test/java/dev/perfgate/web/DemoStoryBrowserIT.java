package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import dev.perfgate.system.TestServers;

/**
 * A newcomer's walk through the UI of the live demo story, in a real headless Chromium: sign in, find the demo's
 * series on the home page, its runs with a red mark on each regression run, read each regression's failing check and
 * the function that grew on its run page, see the differential flame graph of the CPU regression against its baseline,
 * the trends, trigger a run of the series from the UI and follow it to its verdict, and act on runs as an admin
 * (re-evaluate, accept a regression with a reason, pin a baseline, mark a run invalid).
 *
 * <p>It runs against what {@code scripts/demo.sh} left running (PerfGate, the demo app with the profiler, Prometheus,
 * Pyroscope), not against a test double: {@code scripts/test.sh} runs it after the demo's story, with
 * {@code PERFGATE_DEMO_URL} and {@code PERFGATE_DEMO_RUNS} (the story's runs file: label, run id, CLI exit code,
 * step). The default {@code verify} leaves it out (it needs the story); without those variables it fails and says
 * so. Screenshots go to target/screenshots/demo-*.png.
 */
class DemoStoryBrowserIT {

    static final Duration TRIGGERED_RUN_WAIT = Duration.ofMinutes(5);

    static Chromium chromium;
    static WebDriver browser;

    final String base = requiredEnv("PERFGATE_DEMO_URL");
    final List<StoryRun> story = StoryRun.read(Path.of(requiredEnv("PERFGATE_DEMO_RUNS")));
    final String user = System.getenv().getOrDefault("PERFGATE_DEMO_USER", "demo");
    final String password = System.getenv().getOrDefault("PERFGATE_DEMO_PASSWORD", "demo");

    @BeforeAll
    static void startChromium() throws IOException {
        chromium = Chromium.start();
        browser = chromium.browser();
    }

    @AfterAll
    static void stopChromium() {
        if (chromium != null) {
            chromium.close();
        }
    }

    @Test
    void shouldLeadANewcomerFromTheSeriesToEachRegressionItsCulpritTheDiffAndATriggeredRunsVerdict() throws Exception {
        chromium.signIn(base, user, password);
        WebElement series = chromium.waitFor(By.id("series"));
        WebElement seriesRow = series.findElement(By.xpath(".//tr[.//a[normalize-space()='demo-app / peak / local']]"));
        assertThat(seriesRow.getText()).as("the latest verdict of the series: the story's last run, a fixed one")
                .contains("PASS");
        assertThat(seriesRow.findElements(By.cssSelector("svg, canvas"))).as("the key check's sparkline").isNotEmpty();
        chromium.screenshot("demo-01-home");

        seriesRow.findElement(By.linkText("demo-app / peak / local")).click();
        chromium.waitFor(By.id("runs"));
        for (StoryRun run : story) {
            WebElement row = browser.findElement(By.cssSelector("#runs tr[data-run='" + run.runId() + "']"));
            assertThat(row.findElements(By.cssSelector(".mark-fail")))
                    .as("%s (%s): a red mark only on a regression run", run.label(), run.runId())
                    .hasSize(run.isRegression() ? 1 : 0);
        }
        chromium.screenshot("demo-02-series");
        String seriesUrl = browser.getCurrentUrl();

        for (StoryRun run : story) {
            if (!run.isRegression()) {
                continue;
            }
            openRun(seriesUrl, run);
            String profile = browser.findElement(By.id("profile")).getText();
            switch (run.step()) {
                case "cpu" -> {
                    // its growth, not the absolute 50 % requirement: a busy machine gives the app fewer cores
                    WebElement cpu = failingCheck("avg CPU");
                    assertThat(number(cpu.findElement(By.cssSelector("td.num:not(.value) span.muted")).getText()))
                            .as("the CPU regression's avg CPU growth on its run page, in %").isGreaterThan(100);
                    failingCheck("p99 response time");
                    assertThat(profile).as("the function that grew").contains("MatrixCalculator.multiply");
                }
                case "alloc" -> {
                    failingCheck("allocated bytes per request");
                    assertThat(profile).as("the allocating function").contains("FieldLogger.<init>");
                }
                case "lock" -> {
                    failingCheck("p99 response time");
                    if (profile.contains("wall")) {
                        assertThat(profile).as("the blocking frame in the wall-clock diff").contains("ConnectionPool.acquire");
                    }
                }
                case "cache" -> {
                    failingCheck("avg CPU");
                    assertThat(profile).as("the package the spread growth is in, and where it is entered")
                            .contains("tools/jackson").contains("entered from dev/perfgate/demo/lookup/ProductStore.read");
                }
                default -> throw new IllegalStateException("unknown regression step " + run.step());
            }
            chromium.screenshot("demo-03-run-" + run.step());
            if (run.step().equals("cpu")) {
                browser.findElement(By.linkText("Compare with its baseline")).click();
                chromium.waitFor(By.cssSelector("#flamegraph[data-drawn='true'] svg rect"));
                assertThat(browser.findElement(By.tagName("h1")).getText()).startsWith("Compare run");
                assertThat(browser.findElement(By.id("compare-checks")).getText()).contains("avg CPU");
                assertThat(browser.findElements(By.cssSelector("#flamegraph svg g.frame"))).as("frames drawn")
                        .hasSizeGreaterThan(10);
                Object culprit = ((org.openqa.selenium.JavascriptExecutor) browser).executeScript(
                        "return [...document.querySelectorAll('#flamegraph svg g.frame title')]"
                                + ".map(t => t.textContent).find(t => t.includes('MatrixCalculator.multiply')) || null");
                assertThat(culprit).as("the culprit's frame in the diff flame graph").isNotNull();
                chromium.screenshot("demo-04-compare-cpu");
            }
        }

        browser.get(seriesUrl + "/trends");
        chromium.waitFor(By.cssSelector("#trend-0 canvas"));
        assertThat(browser.findElement(By.tagName("main")).getText()).contains("avg CPU");
        chromium.screenshot("demo-05-trends");

        // the checks in force replayed over the story's runs from their stored values: no verdict changes
        browser.get(seriesUrl + "/backtest");
        chromium.waitFor(By.id("backtest-summary"));
        assertThat(browser.findElement(By.id("backtest-summary")).getText()).as("the backtest of the checks in force")
                .startsWith("0 of " + browser.findElements(By.cssSelector("#backtest tr[data-run]")).size() + " verdicts change");
        assertThat(browser.findElements(By.cssSelector("#backtest tr[data-run]"))).hasSizeGreaterThanOrEqualTo(story.size());
        chromium.screenshot("demo-05-backtest");

        browser.get(seriesUrl);
        chromium.waitFor(By.linkText("Trigger a run of this series")).click();
        type("version", "1.3.2");
        type("users", "6");
        type("durationSeconds", "20");
        // a ramp-up of 10 s: Gatling's JVM, its Maven and Chromium's screenshot of the first requests share the 2 cores
        // with the demo app during the first seconds (a fresh-clone CI read the p99 at 89 ms against 56 ms after a
        // ramp-up of 3 s: the remote call's 50 ms sleep woke 57 ms late in the demo app, 100 ms late in Gatling)
        type("rampUpSeconds", "10");
        chromium.screenshot("demo-06-trigger");
        browser.findElement(By.id("start")).click();
        chromium.waitFor(By.id("progress"));
        new WebDriverWait(browser, TRIGGERED_RUN_WAIT).until(d -> number(d.findElement(By.id("p-requests")).getText()) > 0
                || Set.of("DONE", "FAILED").contains(d.findElement(By.id("progress")).getAttribute("data-state")));
        assertThat(number(browser.findElement(By.id("p-requests")).getText()))
                .as("requests so far; the trigger: %s", browser.findElement(By.id("p-message")).getText()).isPositive();
        assertThat(browser.findElement(By.id("p-elapsed")).getText()).endsWith("of 30 s");
        chromium.screenshot("demo-07-trigger-progress");
        new WebDriverWait(browser, TRIGGERED_RUN_WAIT).until(d -> Set.of("DONE", "FAILED")
                .contains(d.findElement(By.id("progress")).getAttribute("data-state")));
        assertThat(browser.findElement(By.id("progress")).getAttribute("data-state"))
                .as("the triggered run: %s", browser.findElement(By.id("p-message")).getText()).isEqualTo("DONE");
        String verdict = browser.findElement(By.id("p-verdict-badge")).getText();
        String summary = browser.findElement(By.id("p-verdict-summary")).getText();
        System.out.println("DemoStoryBrowserIT: the run triggered from the UI: " + summary);
        chromium.screenshot("demo-08-trigger-verdict");
        assertThat(verdict).as("the fixed demo app, triggered from the UI: %s", summary).isIn("PASS", "WARN");
        if (verdict.equals("WARN")) {
            // A clean run never FAILs; it may WARN where it crossed a growth rule inside its series' noise
            // (suspected, not significant: the next runs decide). The project's CI of 2026-11-28 read this run's CPU
            // at 22.1 % against the story's median of 13.34 %, whose 6 runs there varied by +-29.8 %: 1.53 sd.
            String lead = "did not pass: ";
            List<String> notPassing = List.of(summary.substring(summary.indexOf(lead) + lead.length()).split(" \\| "));
            assertThat(notPassing).as("a clean run's WARN: only growths inside the noise, suspected (%s)", summary)
                    .allSatisfy(check -> assertThat(check).startsWith("WARN ").contains("not significant")
                            .contains("suspected"));
        }

        browser.findElement(By.id("p-run")).click();
        chromium.waitFor(By.id("checks"));
        assertThat(browser.findElement(By.cssSelector("dl.meta")).getText()).contains("ui").contains("1.3.2");
        chromium.screenshot("demo-09-triggered-run");
        String triggeredRun = browser.getCurrentUrl();

        // the actions of an admin: re-evaluate the triggered run, accept the lock regression with a reason, pin a
        // baseline, mark a run invalid; each says what it did and the page shows it
        act(By.xpath("//form[.//h3[text()='Re-evaluate']]//button"), null, null);
        assertThat(notice()).startsWith("Evaluated again: " + verdict);
        assertThat(browser.findElement(By.id("history-heading")).isDisplayed()).as("the verdict history").isTrue();

        StoryRun lock = story.stream().filter(run -> run.step().equals("lock")).findFirst().orElseThrow();
        openRun(seriesUrl, lock);
        act(By.xpath("//button[text()='Accept as the new normal']"), "review-reason",
                "known: the pool's connection check, removed in 1.3.1");
        assertThat(browser.findElement(By.cssSelector(".summary")).getText())
                .contains("Regression accepted by " + user + ": known: the pool's connection check, removed in 1.3.1");
        chromium.screenshot("demo-10-regression-accepted");

        openRun(seriesUrl, story.get(story.size() - 1));
        act(By.xpath("//button[text()='Pin as baseline']"), "pin-reason", "the fixed release");
        assertThat(notice()).startsWith("Pinned as the baseline of its series");
        assertThat(browser.findElement(By.tagName("main")).getText()).contains("pinned baseline");

        browser.get(triggeredRun);
        act(By.xpath("//button[text()='Mark invalid']"), "invalid-reason", "a try-out from the UI walkthrough");
        assertThat(browser.findElement(By.cssSelector(".title-row .badge")).getText()).isEqualTo("INVALID");
        chromium.screenshot("demo-11-marked-invalid");
    }

    /** Opens the run's page from the series' list, as a person would. */
    private void openRun(String seriesUrl, StoryRun run) {
        browser.get(seriesUrl);
        chromium.waitFor(By.cssSelector("#runs tr[data-run='" + run.runId() + "'] a[href*='/runs/']")).click();
        chromium.waitFor(By.id("checks"));
    }

    /** Fills the reason (if any) and submits the action's form; waits for the page it leads back to. */
    private void act(By button, String reasonField, String reason) {
        if (reasonField != null) {
            type(reasonField, reason);
        }
        WebElement submit = browser.findElement(button);
        submit.click();
        new WebDriverWait(browser, Chromium.WAIT).until(d -> !d.findElements(By.cssSelector(".notice, .problem")).isEmpty());
        assertThat(browser.findElements(By.cssSelector(".problem"))).as("refused: %s",
                browser.findElements(By.cssSelector(".problem")).stream().map(WebElement::getText).toList()).isEmpty();
    }

    private String notice() {
        return browser.findElement(By.cssSelector(".notice")).getText();
    }

    private WebElement failingCheck(String name) {
        WebElement row = browser.findElement(By.cssSelector("#checks tr[data-check='" + name + "']"));
        assertThat(row.getText()).as("check %s on %s", name, browser.getCurrentUrl()).contains("FAIL");
        return row;
    }

    private void type(String id, String value) {
        WebElement field = browser.findElement(By.id(id));
        field.clear();
        field.sendKeys(value);
    }

    /** The number a cell starts with: "69.12 %" → 69.12, "1,234" → 1234. */
    static double number(String text) {
        String digits = text.strip().replace(",", "").split("\\s+")[0];
        return digits.isEmpty() ? 0 : Double.parseDouble(digits);
    }

    private static String requiredEnv(String name) {
        return TestServers.required(name, "this test walks through the live demo story; run it through scripts/test.sh "
                + "(or after scripts/demo.sh --quick, with PERFGATE_DEMO_URL=http://127.0.0.1:8080 and "
                + "PERFGATE_DEMO_RUNS=$PWD/target/demo/runs-<stamp>.tsv: Failsafe runs in server/)");
    }

    /** One line of the demo's runs file: label, run id, the CLI's exit code, the story step (baseline, cpu, …, fixed). */
    record StoryRun(String label, String runId, int exitCode, String step) {

        boolean isRegression() {
            return !step.equals("baseline") && !step.equals("fixed");
        }

        static List<StoryRun> read(Path file) {
            try {
                List<StoryRun> runs = Files.readAllLines(file).stream().filter(line -> !line.isBlank()).map(line -> {
                    String[] fields = line.split("\t");
                    return new StoryRun(fields[0], fields[1], Integer.parseInt(fields[2]), fields[3].toLowerCase(Locale.ROOT));
                }).toList();
                if (runs.isEmpty()) {
                    throw new IllegalStateException("no runs in " + file + ": did the demo story run?");
                }
                return runs;
            } catch (IOException e) {
                throw new IllegalStateException("cannot read the demo's runs file " + file, e);
            }
        }
    }
}

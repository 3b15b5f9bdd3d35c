package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.beans.factory.annotation.Autowired;

import dev.perfgate.SharedServer;
import dev.perfgate.TestApi;
import dev.perfgate.check.ChecksDir;
import dev.perfgate.check.GateDefinitions;
import tools.jackson.databind.JsonNode;
import dev.perfgate.system.PyroscopeIngest;
import dev.perfgate.system.TestServers;

/**
 * The compare page's differential flame graph the whole real way: CPU profiles of two runs ingested into a real
 * Pyroscope OSS v0.37.2 (scripts/test-servers.sh), read by PerfGate for each run's window, decoded, diffed and drawn
 * by d3-flame-graph in a real headless Chromium, which shows the function that grew in red and one that shrank in
 * blue. The screenshot goes to target/screenshots/.
 */
class ProfileDiffBrowserIT extends SharedServer {

    static final String MULTIPLY = "dev/perfgate/demo/MatrixCalculator.multiply";
    static final String TRANSFORM = "dev/perfgate/demo/JsonTransform.run";

    static Chromium chromium;

    @Autowired
    GateDefinitions definitions;

    @BeforeAll
    static void startChromium() throws IOException {
        chromium = Chromium.start();
    }

    @AfterAll
    static void stopChromium() {
        if (chromium != null) {
            chromium.close();
        }
    }

    @Test
    void shouldDrawTheDiffFlameGraphFromPyroscopeWithTheFunctionThatGrewInRed() throws Exception {
        String pyroscope = TestServers.pyroscopeUrl();
        String system = "diffui" + System.nanoTime();
        String app = "pgui" + System.nanoTime();
        ChecksDir.write(definitions, CHECKS, system + ".yaml", checks(system, pyroscope, app));
        Instant base = Instant.now().minus(20, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.MINUTES);
        Instant regressed = base.plus(5, ChronoUnit.MINUTES);
        ingest(app, base, 42, 500, 300);
        ingest(app, regressed, 7210, 520, 290);
        TestApi api = new TestApi(port, ADMIN_TOKEN);
        judge(api, system, "153", base, 18.52, "PASS");
        String id = judge(api, system, "154", regressed, 51.12, "FAIL");

        chromium.signIn("http://127.0.0.1:" + port, "vic", "vic-secret");
        ChromeDriver browser = chromium.browser();
        browser.get("http://127.0.0.1:" + port + "/compare?run=" + id);
        chromium.waitFor(By.cssSelector("#flamegraph[data-drawn='true'] svg g.frame"));

        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Compare run 154 with run 153");
        assertThat(browser.findElement(By.linkText("Diff in Pyroscope")).getAttribute("href"))
                .startsWith(pyroscope + "/comparison-diff?").contains(app);
        WebElement multiply = frame(MULTIPLY);
        assertThat(title(multiply)).as("7,210 of 8,020 samples; 42 of 842 in B, scaled: 400")
                .isEqualTo(MULTIPLY + " — 89.90 % of run A (7210 samples), +6810 samples against B");
        assertThat(fill(multiply)).as("grew: red").satisfies(rgb -> assertThat(rgb[0]).isGreaterThan(rgb[2] + 100));
        WebElement transform = frame(TRANSFORM);
        assertThat(title(transform)).as("520 samples; 500 of 842 in B, scaled: 4,762")
                .isEqualTo(TRANSFORM + " — 6.48 % of run A (520 samples), -4242 samples against B");
        assertThat(fill(transform)).as("shrank: blue").satisfies(rgb -> assertThat(rgb[2]).isGreaterThan(rgb[0] + 100));
        assertThat(browser.findElement(By.id("flamegraph-status")).getText()).isEqualTo(
                "Differential flame graph of the CPU profiles (as judged in run 154's verdict): click a frame to zoom.");
        chromium.screenshot("20-compare-diff-from-pyroscope");

        // When Pyroscope no longer has the data (the checks now name a Pyroscope that does not answer)
        ChecksDir.write(definitions, CHECKS, system + ".yaml", checks(system, "http://127.0.0.1:9", app));
        browser.get("http://127.0.0.1:" + port + "/compare?run=" + id);
        chromium.waitFor(By.cssSelector("#flamegraph[data-drawn='true'] svg g.frame"));

        // Then the page draws the same diff from the profiles the verdicts stored, and its links are the judged ones
        assertThat(title(frame(MULTIPLY)))
                .isEqualTo(MULTIPLY + " — 89.90 % of run A (7210 samples), +6810 samples against B");
        assertThat(title(frame(TRANSFORM)))
                .isEqualTo(TRANSFORM + " — 6.48 % of run A (520 samples), -4242 samples against B");
        assertThat(browser.findElement(By.linkText("Diff in Pyroscope")).getAttribute("href"))
                .startsWith(pyroscope + "/comparison-diff?");
    }

    private static String checks(String system, String pyroscope, String app) {
        return ChecksDir.cpuProfiled(system, pyroscope, app, """
                  - id: cpu
                    name: avg CPU
                    unit: "%"
                    measure: cpu_avg_pct
                    requirement: "< 50"
                """);
    }

    /** One 10 s storage bucket of folded stacks inside the run's window, so Pyroscope keeps the numbers exact. */
    private static void ingest(String app, Instant runStart, long multiply, long transform, long lookup)
            throws IOException, InterruptedException {
        String stacks = """
                java/lang/Thread.run;org/eclipse/jetty/Server.handle;dev/perfgate/demo/Api.matrix;%s %d
                java/lang/Thread.run;org/eclipse/jetty/Server.handle;dev/perfgate/demo/Api.transform;%s %d
                java/lang/Thread.run;org/eclipse/jetty/Server.handle;dev/perfgate/demo/Api.lookup;dev/perfgate/demo/Lookup.find %d
                """.formatted(MULTIPLY, multiply, TRANSFORM, transform, lookup);
        PyroscopeIngest.folded(app + ".cpu{}", runStart.plusSeconds(20), stacks, "sampleRate=100&spyName=javaspy");
    }

    /** A run of one minute with its CPU measure, ended and judged; its PerfGate id. */
    private static String judge(TestApi api, String system, String runId, Instant start, double cpu, String expected) {
        JsonNode verdict = api.judgedMinute(system, runId, start, cpu);
        assertThat(verdict.path("status").asString()).as(verdict.toString()).isEqualTo(expected);
        return verdict.path("id").asString();
    }

    private static WebElement frame(String name) {
        return chromium.waitFor(By.cssSelector("#flamegraph svg g.frame[name='" + name + "']"));
    }

    /** The frame's tooltip, as the page's label handler wrote it. */
    private static String title(WebElement frame) {
        return frame.findElement(By.tagName("title")).getAttribute("textContent");
    }

    private static int[] fill(WebElement frame) {
        String fill = frame.findElement(By.tagName("rect")).getAttribute("fill");
        Matcher rgb = Pattern.compile("rgb\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,\\s*(\\d+)\\s*\\)").matcher(fill);
        assertThat(rgb.matches()).as("fill " + fill).isTrue();
        return new int[] {Integer.parseInt(rgb.group(1)), Integer.parseInt(rgb.group(2)), Integer.parseInt(rgb.group(3))};
    }
}

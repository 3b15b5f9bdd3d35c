package dev.perfgate.check;

import static dev.perfgate.TestApi.check;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import dev.perfgate.SharedServer;
import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;
import dev.perfgate.profile.Profile;
import dev.perfgate.profile.ProfileType;
import dev.perfgate.system.PyroscopeIngest;
import dev.perfgate.system.TestServers;
import tools.jackson.databind.JsonNode;

/**
 * A failing run is explained by its profile: against a real Pyroscope OSS v0.37.2 holding CPU
 * profiles of known content, the verdict carries the flamegraph and diff links and names the
 * injected hotspot first; with Pyroscope down the verdict still comes, the profile part
 * INCONCLUSIVE with the reason and the links given.
 */
class ProfileVerdictIT extends SharedServer {

    /** The largest growth of one function's self share of CPU, at most 5 points: the culprit check. */
    private static final String CPU_HOTSPOT = """
              - id: cpu-hotspot
                name: largest self CPU growth
                unit: points
                profile: { type: cpu, measure: maxSelfShareGrowth }
                requirement: "<= 5"
            """;

    @Autowired
    GateDefinitions definitions;
    @Autowired
    JudgedProfiles judgedProfiles;

    TestApi api;
    String system;
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void setUp() {
        api = new TestApi(port, ADMIN_TOKEN);
        system = "prof-" + System.nanoTime();
    }

    @Test
    void shouldExplainAFailingCpuCheckWithTheFunctionThatGrew() throws Exception {
        String app = "pgit" + System.nanoTime();
        write(checks(TestServers.pyroscopeUrl(), app));
        Instant base = Instant.now().minus(20, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.MINUTES);
        Instant regressed = base.plus(5, ChronoUnit.MINUTES);
        ingest(app, base, """
                main;http;MatrixCalculator.multiply 42
                main;http;JsonTransform.run 500
                main;http;Lookup.find 300
                """);
        ingest(app, regressed, """
                main;http;MatrixCalculator.multiply 7210
                main;http;JsonTransform.run 520
                main;http;Lookup.find 290
                """);

        JsonNode first = judge("153", base, 18.52);
        JsonNode second = judge("154", regressed, 51.12);

        assertThat(first.path("status").asString()).isEqualTo("PASS");
        assertThat(first.path("profiles").get(0).path("status").asString()).isEqualTo("PROFILED");
        assertThat(second.path("status").asString()).isEqualTo("FAIL");
        assertThat(second.path("links").path("flamegraph").asString()).contains(app + ".cpu");
        assertThat(second.path("links").path("flamegraphDiff").asString()).contains("/comparison-diff?").contains(app);
        JsonNode profile = second.path("profiles").get(0);
        assertThat(profile.path("status").asString()).isEqualTo("EXPLAINED");
        assertThat(profile.path("baselineLabel").asString()).isEqualTo("run 153");
        assertThat(profile.path("changes").get(0).path("name").asString()).isEqualTo("MatrixCalculator.multiply");
        assertThat(profile.path("top").get(0).path("name").asString()).isEqualTo("MatrixCalculator.multiply");
        assertThat(profile.path("top").get(0).path("self").asLong()).isEqualTo(7210);
        JsonNode cpu = check(second, "cpu");
        assertThat(cpu.path("status").asString()).isEqualTo("FAIL");
        assertThat(cpu.path("explanation").get(0).asString()).contains("MatrixCalculator.multiply").contains("+7,168");
        JsonNode hotspot = check(second, "cpu-hotspot");
        assertThat(hotspot.path("status").asString()).isEqualTo("FAIL");
        assertThat(hotspot.path("value").asDouble()).isGreaterThan(80);

        // a backtest of the checks in force replays the stored profile values to the same verdicts: the first run's
        // profile check had no baseline run, and is not judged in the replay either
        JsonNode backtest = api.post("/api/v1/series/" + system + "/peak/test/backtest", "{}").body();
        assertThat(backtest.path("summary").path("changed").asInt()).as(backtest.toString()).isZero();
        assertThat(backtest.path("runs").get(0).path("replayed").asString()).isEqualTo("PASS");
    }

    @Test
    void shouldKeepTheProfilesItJudgedWhenPyroscopeLaterHoldsMore() throws Exception {
        String app = "pgst" + System.nanoTime();
        write(checks(TestServers.pyroscopeUrl(), app));
        Instant base = Instant.now().minus(40, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.MINUTES);
        Instant regressed = base.plus(5, ChronoUnit.MINUTES);
        ingest(app, base, "main;http;MatrixCalculator.multiply 42\nmain;http;JsonTransform.run 500\n");
        ingest(app, regressed, "main;http;MatrixCalculator.multiply 700\nmain;http;JsonTransform.run 510\n");
        judge("161", base, 18.52);
        JsonNode judged = judge("162", regressed, 51.12);

        // a late upload lands in the judged window: Pyroscope now answers with more samples
        ingestAt(app, regressed.plusSeconds(40), "main;http;Late.upload 900\n");
        String late = http.send(HttpRequest.newBuilder(URI.create(TestServers.pyroscopeUrl() + "/render?format=json&query="
                + URLEncoder.encode(app + ".cpu{}", StandardCharsets.UTF_8) + "&from=" + regressed.getEpochSecond()
                + "&until=" + regressed.plusSeconds(70).getEpochSecond())).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        JsonNode again = api.get("/api/v1/runs/" + judged.path("id").asString() + "/verdict").body();

        assertThat(late).as("Pyroscope holds the late upload now").contains("Late.upload");
        JsonNode stored = again.path("profiles").get(0);
        assertThat(stored.path("runTicks").asLong()).as("the run's samples as judged").isEqualTo(1210);
        assertThat(stored.path("baselineTicks").asLong()).isEqualTo(542);
        assertThat(stored.path("rawUnit").asString()).isEqualTo("samples");
        assertThat(stored.path("runQuery").path("query").asString()).isEqualTo(app + ".cpu{}");
        assertThat(stored.path("runQuery").path("from").asString()).as("steady state start, a bucket boundary")
                .isEqualTo(regressed.toString());
        assertThat(stored.path("runQuery").path("until").asString()).as("the run's end: a whole bucket, nothing after it")
                .isEqualTo(regressed.plusSeconds(60).toString());
        assertThat(stored.path("baselineQuery").path("until").asString()).isEqualTo(base.plusSeconds(60).toString());
        assertThat(stored.toString()).doesNotContain("Late.upload");
        assertThat(again.path("verdictId").asString()).isEqualTo(judged.path("verdictId").asString());
        // the call trees the verdict judged are stored with it, the late upload not in them
        String verdictId = judged.path("verdictId").asString();
        Profile run = judgedProfiles.find(verdictId, JudgedProfiles.Side.RUN, ProfileType.CPU).orElseThrow().profile();
        JudgedProfiles.Found baseline = judgedProfiles.find(verdictId, JudgedProfiles.Side.BASELINE, ProfileType.CPU)
                .orElseThrow();
        assertThat(run.numTicks()).isEqualTo(1210);
        assertThat(run.root().orElseThrow().child("main").orElseThrow().child("Late.upload")).isEmpty();
        assertThat(baseline.profile().numTicks()).isEqualTo(542);
        assertThat(baseline.runId()).isEqualTo(stored.path("baselineRunId").asString());
    }

    @Test
    void shouldReadTheSameTotalPerRequestWhenTheSteadyStateStartsLateInABucket() throws Exception {
        // Given the same code under the same load in two runs of 60 s, 100 requests/s: 1,000 samples in every 10 s of
        // steady state; the second run's steady state starts 9 s into a bucket whose first 9 s hold its ramp-up's
        // 3,000 samples (JIT, the load tool's start). Pyroscope answers every bucket a window overlaps, whole.
        String app = "pgalign" + System.nanoTime();
        write(cpuProfiled(TestServers.pyroscopeUrl(), app, """
                  - id: cpu-per-request
                    name: CPU per request
                    unit: s
                    profile: { type: cpu, measure: totalPerRequest }
                    growth: "<= +10%"
                """));
        Instant aligned = Instant.now().minus(50, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.MINUTES);
        Instant late = aligned.plus(5, ChronoUnit.MINUTES).plusSeconds(9);
        for (int bucket = 0; bucket < 60; bucket += 10) {
            ingestAt(app, aligned.plusSeconds(bucket), "main;http;Lookup.find 600\nmain;http;Render.page 400\n");
            ingestAt(app, late.minusSeconds(9).plusSeconds(bucket + 10),
                    "main;http;Lookup.find 600\nmain;http;Render.page 400\n");
        }
        ingestAt(app, late.minusSeconds(9), "main;C2Compiler.compile 2000\nmain;http;Lookup.find 1000\n");

        // When
        JsonNode first = judge("201", aligned, 18.0);
        JsonNode second = judge("202", late, 18.0);

        // Then both read 10 ms of CPU per request: 6,000 samples for 6,000 requests, and 5,000 samples of the whole
        // buckets within the second's steady state for the 5,000 requests of those 50 s (not 8,000 for 5,100)
        assertThat(check(first, "cpu-per-request").path("value").asDouble()).isCloseTo(0.01, offset(1e-9));
        JsonNode perRequest = check(second, "cpu-per-request");
        assertThat(perRequest.path("value").asDouble()).as(perRequest.toString()).isCloseTo(0.01, offset(1e-9));
        assertThat(perRequest.path("status").asString()).isEqualTo("PASS");
        JsonNode profile = second.path("profiles").get(0);
        assertThat(profile.path("runQuery").path("from").asString()).isEqualTo(late.plusSeconds(1).toString());
        assertThat(profile.path("runTicks").asLong()).isEqualTo(5000);
        assertThat(profile.toString()).doesNotContain("C2Compiler");
    }

    @Test
    void shouldJudgeARunOnceTheAgentsLastUploadOfItIsIn() throws Exception {
        // Given a run of the last minute whose agent sends its last 10 s after the run has ended, as the Java agent does
        // that ends in the first 8 s of a bucket: that bucket is not read, the one before it is the last one read, and its
        // upload is due 12 s after that one's end, at least 4 s after the end
        String app = "pglast" + System.nanoTime();
        write(checks(TestServers.pyroscopeUrl(), app));
        while (Instant.now().getEpochSecond() % 10 >= 7) {
            Thread.sleep(100);
        }
        Instant lastBucket = Instant.ofEpochSecond(Math.floorDiv(Instant.now().getEpochSecond(), 10) * 10).minusSeconds(10);
        Instant start = lastBucket.minusSeconds(50);
        ingestAt(app, lastBucket.minusSeconds(20), "main;http;JsonTransform.run 500\n");
        String id = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"test","runId":"1","startedAt":"%s"}"""
                .formatted(system, start)).text("id");
        api.post("/api/v1/runs/" + id + "/results", """
                {"format":"perfgate-results/v1","global":{"count":6000,"ok":6000,"ko":0,"p99Ms":100,"throughputRps":100},
                 "measures":{"cpu_avg_pct":20}}""");
        Instant ended = Instant.now();
        api.post("/api/v1/runs/" + id + "/end", "{}");

        // When the last upload lands two seconds after the end, the verdict pending until then
        while (Instant.now().isBefore(ended.plusSeconds(2))) {
            assertThat(api.get("/api/v1/runs/" + id + "/verdict").status()).as("pending while the last upload is out")
                    .isEqualTo(202);
            Thread.sleep(100);
        }
        ingestAt(app, lastBucket, "main;http;JsonTransform.run 300\n");
        Response verdict = api.get("/api/v1/runs/" + id + "/verdict?wait=60");

        // Then the verdict was given one upload interval after the last whole bucket read (not after the end), and read it
        assertThat(verdict.status()).as(verdict.raw()).isEqualTo(200);
        JsonNode profile = verdict.body().path("profiles").get(0);
        assertThat(profile.path("runTicks").asLong()).as(profile.toString()).isEqualTo(800);
        Instant until = Instant.parse(profile.path("runQuery").path("until").asString());
        assertThat(until).as("the last whole bucket before the end").isEqualTo(lastBucket.plusSeconds(10));
        assertThat(Instant.parse(verdict.body().path("evaluatedAt").asString())).isAfter(until.plusSeconds(10));
    }

    @Test
    void shouldNameOnlyTheAllocationGrowthItsEventCountsBearOut() throws Exception {
        // Given the agent's two allocation series: bytes, and objects counting the allocation events (measured with
        // the agent 0.12.2 at alloc=512k: 524,401 bytes per event). parse's bytes share grows 10 % -> 19 % on 2 -> 3
        // events (noise); Buffer.grow's 10 % -> 31 % on 200 -> 1,000 events (real)
        String app = "pgal" + System.nanoTime();
        write("""
                system: %s
                pyroscope:
                  url: %s
                  application: %s
                  profiles: [alloc_bytes]
                checks:
                  - id: alloc-hotspot
                    name: largest allocated bytes growth
                    unit: points
                    profile: { type: alloc_bytes, measure: maxSelfShareGrowth }
                    requirement: "<= 5"
                """.formatted(system, TestServers.pyroscopeUrl(), app));
        Instant base = Instant.now().minus(60, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.MINUTES);
        Instant regressed = base.plus(5, ChronoUnit.MINUTES);
        ingestAlloc(app, base, 800_000_000L, 100_000_000L, 100_000_000L, 1_600, 2, 200);
        ingestAlloc(app, regressed, 800_000_000L, 300_000_000L, 500_000_000L, 1_600, 3, 1_000);

        judge("171", base, 18.0);
        JsonNode verdict = judge("172", regressed, 18.0);

        JsonNode hotspot = check(verdict, "alloc-hotspot");
        assertThat(hotspot.path("status").asString()).isEqualTo("FAIL");
        assertThat(hotspot.path("value").asDouble()).as("Buffer.grow: 10 %% -> 31.25 %%").isCloseTo(21.25,
                offset(0.01));
        assertThat(hotspot.path("explanation").toString()).contains("Buffer.grow").doesNotContain("Parser.parse");
    }

    @Test
    void shouldNotJudgeProfileGrowthOfAProcessThatStartedInsideTheRun() throws Exception {
        // Given the process-exporter on the shared servers: Prometheus knows when it started; a run around that start
        Instant processStart = exporterStart();
        String app = "pgcs" + System.nanoTime();
        write(withProcessStart(cpuProfiled(TestServers.pyroscopeUrl(), app, CPU_HOTSPOT)));
        Instant base = processStart.minus(20, ChronoUnit.MINUTES);
        Instant cold = processStart.truncatedTo(ChronoUnit.SECONDS).minusSeconds(30);
        ingest(app, base, "main;http;Lookup.find 500\nmain;http;Render.page 500\n");
        ingest(app, cold, "main;http;Lookup.find 500\nmain;http;Render.page 500\nmain;http;Plugin.init 400\n");

        judge("181", base, 18.0);
        JsonNode verdict = judge("182", cold, 18.0);

        JsonNode hotspot = check(verdict, "cpu-hotspot");
        assertThat(hotspot.path("status").asString()).isEqualTo("INCONCLUSIVE");
        assertThat(hotspot.path("message").asString()).contains("the process started at " + processStart)
                .contains("30 s into the judged window").contains("a cold JVM");
        JsonNode profile = verdict.path("profiles").get(0);
        assertThat(profile.path("warning").asString()).contains("a cold JVM");
        assertThat(profile.path("lines").toString()).doesNotContain("Plugin.init");
    }

    @Test
    void shouldJudgeARestartedProcessAfterItsDeclaredWarmUp() throws Exception {
        // Given a process (the exporter) whose start Prometheus knows, and checks that declare a 40 s warm-up
        Instant processStart = exporterStart();
        String app = "pgwu" + System.nanoTime();
        write(withProcessStart(cpuProfiled(TestServers.pyroscopeUrl(), app, CPU_HOTSPOT)) + "warmup: 40s\n");
        // a run 10 s after the start: its first 30 s are warm-up (class loading), the rest is like the baseline's
        Instant restarted = processStart.truncatedTo(ChronoUnit.SECONDS).plusSeconds(10);
        Instant base = restarted.minus(20, ChronoUnit.MINUTES);
        // (no process start is known for the baseline: its warm-up counts from its steady state, 40 s to 60 s)
        ingestAt(app, base.plusSeconds(45), "main;http;Lookup.find 500\nmain;http;Render.page 500\n");
        ingestAt(app, restarted.plusSeconds(10), "main;http;Lookup.find 500\nmain;Plugin.init 900\n");
        ingestAt(app, restarted.plusSeconds(40), "main;http;Lookup.find 500\nmain;http;Render.page 500\n");

        judge("191", base, 18.0);
        JsonNode verdict = judge("192", restarted, 18.0);

        // Then the profile is read from the start plus 40 s, without the warm-up's frames
        JsonNode hotspot = check(verdict, "cpu-hotspot");
        assertThat(hotspot.path("status").asString()).as(hotspot.toString()).isEqualTo("PASS");
        JsonNode profile = verdict.path("profiles").get(0);
        long warm = processStart.plusSeconds(40).minusMillis(500).toEpochMilli();
        assertThat(Instant.parse(profile.path("runQuery").path("from").asString()))
                .as("the first whole bucket after the start plus 40 s (less half a second)")
                .isEqualTo(Instant.ofEpochMilli(Math.floorDiv(warm + 9_999, 10_000) * 10_000));
        assertThat(profile.toString()).doesNotContain("Plugin.init");
    }

    /** When the shared process-exporter started, as Prometheus knows it. */
    private Instant exporterStart() throws IOException, InterruptedException {
        JsonNode started = api(TestServers.prometheusUrl() + "/api/v1/query?query="
                + URLEncoder.encode("max(process_start_time_seconds{job=\"process-exporter\"})", StandardCharsets.UTF_8));
        return Instant.ofEpochMilli(Math.round(1000 * Double.parseDouble(
                started.path("data").path("result").get(0).path("value").get(1).asString())));
    }

    private JsonNode api(String url) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return tools.jackson.databind.json.JsonMapper.builder().build().readTree(response.body());
    }

    @Test
    void shouldStillJudgeWhenPyroscopeIsDown() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        write(checks("http://127.0.0.1:" + closed, "nowhere"));

        JsonNode verdict = judge("1", Instant.now().minus(5, ChronoUnit.MINUTES), 60.0);

        assertThat(verdict.path("status").asString()).isEqualTo("FAIL");
        JsonNode profile = verdict.path("profiles").get(0);
        assertThat(profile.path("status").asString()).isEqualTo("INCONCLUSIVE");
        assertThat(profile.path("reason").asString()).isNotBlank();
        assertThat(profile.path("flamegraphUrl").asString()).contains("nowhere.cpu");
        assertThat(check(verdict, "cpu").path("message").asString()).isEqualTo("avg CPU 60 % > 50 %");
        JsonNode hotspot = check(verdict, "cpu-hotspot");
        assertThat(hotspot.path("status").asString()).isEqualTo("INCONCLUSIVE");
        assertThat(hotspot.path("message").asString()).contains("unreachable");
    }

    private String checks(String url, String app) {
        return cpuProfiled(url, app, """
                  - id: cpu
                    name: avg CPU
                    unit: "%"
                    measure: cpu_avg_pct
                    requirement: "< 50"
                """ + CPU_HOTSPOT);
    }

    /** {@code checks} with the process start of the exporter on the shared servers, as Prometheus knows it. */
    private static String withProcessStart(String checks) {
        return checks + """
                prometheus: { url: %s }
                processStart: 'max(process_start_time_seconds{job="process-exporter"})'
                """.formatted(TestServers.prometheusUrl());
    }

    /** Checks of this test's system with a CPU profile of {@code app} read from {@code url}. */
    private String cpuProfiled(String url, String app, String checks) {
        return ChecksDir.cpuProfiled(system, url, app, checks);
    }

    private void ingest(String app, Instant from, String folded) throws IOException, InterruptedException {
        // one 10 s storage bucket inside the run's window, so Pyroscope keeps the numbers exact
        ingestAt(app, from.plusSeconds(20), folded);
    }

    private void ingestAlloc(String app, Instant from, long render, long parse, long grow, long renderEvents,
            long parseEvents, long growEvents) throws IOException, InterruptedException {
        String stacks = """
                java/lang/Thread.run;com/acme/Page.render %d
                java/lang/Thread.run;com/acme/Parser.parse %d
                java/lang/Thread.run;com/acme/Buffer.grow %d
                """;
        ingestSeries(app + ".alloc_in_new_tlab_bytes{}", from.plusSeconds(20), stacks.formatted(render, parse, grow), "bytes");
        ingestSeries(app + ".alloc_in_new_tlab_objects{}", from.plusSeconds(20),
                stacks.formatted(renderEvents, parseEvents, growEvents), "objects");
    }

    private void ingestSeries(String series, Instant bucket, String folded, String units)
            throws IOException, InterruptedException {
        PyroscopeIngest.folded(series, bucket, folded, "units=" + units + "&aggregationType=sum&spyName=javaspy");
    }

    private void ingestAt(String app, Instant bucket, String folded) throws IOException, InterruptedException {
        PyroscopeIngest.folded(app + ".cpu{}", bucket, folded, "sampleRate=100&spyName=javaspy");
    }

    private JsonNode judge(String runId, Instant start, double cpu) {
        return api.judgedMinute(system, runId, start, cpu);
    }

    private void write(String yaml) throws IOException, InterruptedException {
        ChecksDir.write(definitions, CHECKS, system + ".yaml", yaml);
    }

}

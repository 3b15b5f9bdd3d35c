package dev.perfgate.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Against a real Pyroscope OSS 0.37.2 server ({@code scripts/test-servers.sh install && scripts/test-servers.sh start},
 * then {@code eval "$(scripts/test-servers.sh env)"}): ingests a baseline and a run with an injected hotspot, in folded
 * format under a fresh application name, and checks the numbers PerfGate reads back.
 */
class PyroscopeClassicIT {

    static final String URL_VARIABLE = "PERFGATE_TEST_PYROSCOPE_URL";

    private static final String RUN_STACKS = """
            com/acme/App.main;com/acme/Handler.handle;com/acme/Json.parse 310
            com/acme/App.main;com/acme/Handler.handle;com/acme/Db.query 190
            com/acme/App.main;com/acme/Handler.handle;com/acme/MatrixCalculator.multiply 7168
            com/acme/App.main;com/acme/Handler.handle 100
            com/acme/App.main;com/acme/Tree.walk;com/acme/Tree.walk;com/acme/Tree.walk 150
            com/acme/App.main;com/acme/Tree.walk;com/acme/Tree.walk 30
            """;
    private static final Duration INGEST_DEADLINE = Duration.ofSeconds(20);

    private static String url;
    private static String application;
    private static PyroscopeTarget target;
    private static ProfiledRun baseline;
    private static ProfiledRun run;
    private static final PyroscopeClient CLIENT = new PyroscopeClient();

    @BeforeAll
    static void ingestBaselineAndRunWithHotspot() throws Exception {
        url = System.getenv(URL_VARIABLE);
        assertThat(url).as("%s is not set: start the test servers with `scripts/test-servers.sh install && "
                + "scripts/test-servers.sh start` and export their addresses with "
                + "`eval \"$(scripts/test-servers.sh env)\"`", URL_VARIABLE).isNotBlank();
        application = "perfgate-it-" + UUID.randomUUID().toString().substring(0, 8);
        target = PyroscopeTarget.classic(url, application).withProfileName(ProfileType.CPU, "cpu");
        Instant start = Instant.ofEpochSecond(Instant.now().minusSeconds(600).getEpochSecond() / 10 * 10);
        baseline = new ProfiledRun(selection(start, "baseline"), 1_000);
        run = new ProfiledRun(selection(start.plusSeconds(60), "run"), 10_000);
        ingest(baseline, Recorded.CLASSIC_BASELINE_STACKS);
        ingest(run, RUN_STACKS);
        awaitIngested(baseline, 830);
        awaitIngested(run, 7_948);
    }

    @Test
    void shouldReadExactTopFunctionsOfTheRun() {
        // Given / When
        Profile profile = ok(CLIENT.fetch(target, ProfileType.CPU, run.selection()));

        // Then
        assertThat(ProfileAnalysis.topBySelf(profile, run.workload(), 5))
                .extracting(FunctionStat::name, FunctionStat::self, FunctionStat::total)
                .containsExactly(tuple("com/acme/MatrixCalculator.multiply", 7_168L, 7_168L),
                        tuple("com/acme/Json.parse", 310L, 310L),
                        tuple("com/acme/Db.query", 190L, 190L),
                        tuple("com/acme/Tree.walk", 180L, 180L),
                        tuple("com/acme/Handler.handle", 100L, 7_768L));
        FunctionStat multiply = ProfileAnalysis.topBySelf(profile, run.workload(), 1).get(0);
        assertThat(multiply.selfShare()).isEqualTo(100.0 * 7_168 / 7_948);
        assertThat(multiply.selfAmount()).as("CPU seconds at 100 Hz").isCloseTo(71.68, within(1e-9));
        assertThat(multiply.selfPerSecond().getAsDouble()).as("cores over the 10 s run").isCloseTo(7.168, within(1e-9));
        assertThat(multiply.selfPerRequest().getAsDouble()).as("CPU s per request").isCloseTo(0.007168, within(1e-12));
    }

    @Test
    void shouldCountRecursionOnceInTheServersProfile() {
        // Given / When
        Profile profile = ok(CLIENT.fetch(target, ProfileType.CPU, baseline.selection()));

        // Then
        assertThat(ProfileAnalysis.functions(profile, baseline.workload()))
                .extracting(FunctionStat::name, FunctionStat::self, FunctionStat::total)
                .contains(tuple("com/acme/Tree.walk", 180L, 180L), tuple("com/acme/Handler.handle", 100L, 600L),
                        tuple("com/acme/App.main", 0L, 830L));
    }

    @Test
    void shouldRankTheInjectedHotspotFirstInTheDiff() {
        // Given
        Profile before = ok(CLIENT.fetch(target, ProfileType.CPU, baseline.selection()));
        Profile after = ok(CLIENT.fetch(target, ProfileType.CPU, run.selection()));

        // When
        ProfileDiff diff = ProfileDiff.between(before, baseline.workload(), after, run.workload());

        // Then
        assertThat(diff.changes().get(0)).extracting(FunctionChange::name, FunctionChange::kind)
                .containsExactly("com/acme/MatrixCalculator.multiply", FunctionChange.Kind.NEW);
        assertThat(diff.change("com/acme/Gc.run")).hasValueSatisfying(
                gc -> assertThat(gc.kind()).isEqualTo(FunctionChange.Kind.VANISHED));
        assertThat(diff.explain(ProfileType.CPU, 1)).containsExactly("com/acme/MatrixCalculator.multiply (new) "
                + "self CPU 0.0 % → 90.2 % (+7,168 samples, +7.2 ms per request)");
    }

    @Test
    void shouldExplainTheRunWithLinksIntoTheClassicUi() {
        // Given
        ProfileExplainer explainer = new ProfileExplainer(CLIENT, 3, Optional.empty());

        // When
        ProfileReport report = explainer.compare(target, ProfileType.CPU, baseline, run);

        // Then
        assertThat(report.status()).isEqualTo(ProfileReport.Status.EXPLAINED);
        assertThat(report.flamegraphUrl()).startsWith(url + "/?query=" + application + ".cpu%7Brun_id%3D%22run%22%7D");
        assertThat(report.diffUrl()).hasValueSatisfying(diff -> assertThat(diff).startsWith(url + "/comparison-diff?"));
    }

    @Test
    void shouldTellAnEmptyWindowOfAKnownApplication() {
        // Given a window an hour before anything was ingested
        Instant before = run.selection().window().from().minusSeconds(3_600);
        ProfileSelection quiet = selection(before, "run");

        // When
        ProfileFetch fetch = CLIENT.fetch(target, ProfileType.CPU, quiet);

        // Then
        assertThat(fetch).isInstanceOf(ProfileFetch.Empty.class);
        assertThat(fetch.reason()).startsWith("no CPU samples in CPU profile " + application + ".cpu{run_id=\"run\"}");
    }

    @Test
    void shouldTellAnUnknownApplication() {
        // Given
        PyroscopeTarget misspelt = PyroscopeTarget.classic(url, application + "-typo").withProfileName(ProfileType.CPU,
                "cpu");

        // When
        ProfileFetch fetch = CLIENT.fetch(misspelt, ProfileType.CPU, run.selection());

        // Then
        assertThat(fetch).isInstanceOf(ProfileFetch.UnknownApplication.class);
        assertThat(fetch.reason()).contains("has no application '" + application + "-typo.cpu'")
                .contains(application + ".cpu");
    }

    @Test
    void shouldTellAServerThatIsDown() throws IOException {
        // Given a loopback port nobody listens on
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        PyroscopeTarget down = PyroscopeTarget.classic("http://127.0.0.1:" + port, application);

        // When
        ProfileFetch fetch = CLIENT.fetch(down, ProfileType.CPU, run.selection());

        // Then
        assertThat(fetch).isInstanceOf(ProfileFetch.Unreachable.class);
        assertThat(fetch.reason()).startsWith("Pyroscope at http://127.0.0.1:" + port + " is unreachable (");
    }

    private static ProfileSelection selection(Instant start, String runId) {
        return ProfileSelection.of(TimeWindow.of(start, start.plusSeconds(10))).withLabel("run_id", runId);
    }

    private static void ingest(ProfiledRun profiled, String folded) throws IOException, InterruptedException {
        TimeWindow window = profiled.selection().window();
        URI uri = URI.create(url + "/ingest?name=" + UrlQuery.encode(application + ".cpu{run_id="
                + profiled.selection().labels().get("run_id") + "}") + "&from=" + window.from().getEpochSecond()
                + "&until=" + window.until().getEpochSecond() + "&sampleRate=100&spyName=perfgate-it&format=folded");
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri)
                        .timeout(Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.ofString(folded)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("ingest answered %s", response.body()).isEqualTo(200);
    }

    /** Ingestion is asynchronous in Pyroscope: poll, boundedly, until the samples are queryable. */
    private static void awaitIngested(ProfiledRun profiled, long numTicks) throws InterruptedException {
        Instant deadline = Instant.now().plus(INGEST_DEADLINE);
        ProfileFetch fetch = CLIENT.fetch(target, ProfileType.CPU, profiled.selection());
        while (!(fetch instanceof ProfileFetch.Ok ok && ok.profile().numTicks() == numTicks)
                && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
            fetch = CLIENT.fetch(target, ProfileType.CPU, profiled.selection());
        }
        assertThat(fetch).as("ingested profile of %s never became queryable: %s", profiled, fetch.reason())
                .isInstanceOfSatisfying(ProfileFetch.Ok.class,
                        ok -> assertThat(ok.profile().numTicks()).isEqualTo(numTicks));
    }

    private static Profile ok(ProfileFetch fetch) {
        assertThat(fetch).as(fetch.reason()).isInstanceOf(ProfileFetch.Ok.class);
        return ((ProfileFetch.Ok) fetch).profile();
    }
}

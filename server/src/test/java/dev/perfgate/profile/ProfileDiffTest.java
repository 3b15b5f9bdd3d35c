package dev.perfgate.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProfileDiffTest {

    private static final Workload LOAD = Workload.of(Duration.ofMinutes(5), 5_781);

    /** The example of the brief: multiply grows from 42 to 7,210 samples. */
    private static final Profile BASELINE = Profile.fromFolded("""
            main;MatrixCalculator.multiply 42
            main;other 6958
            """, Quantity.samples(100));
    private static final Profile RUN = Profile.fromFolded("""
            main;MatrixCalculator.multiply 7210
            main;other 974
            """, Quantity.samples(100));

    @Test
    void shouldExplainGrowthWithSharesSamplesAndTimePerRequest() {
        // Given / When
        ProfileDiff diff = ProfileDiff.between(BASELINE, LOAD, RUN, LOAD);

        // Then
        assertThat(diff.explain(ProfileType.CPU, 5)).containsExactly(
                "MatrixCalculator.multiply self CPU 0.6 % → 88.1 % (+7,168 samples, +12.4 ms per request)");
    }

    @Test
    void shouldMeasureChangeInPointsAndPerRequest() {
        // Given / When
        FunctionChange multiply = ProfileDiff.between(BASELINE, LOAD, RUN, LOAD)
                .change("MatrixCalculator.multiply").orElseThrow();

        // Then
        assertThat(multiply.kind()).isEqualTo(FunctionChange.Kind.CHANGED);
        assertThat(multiply.selfShareDelta()).isCloseTo(88.0987 - 0.6, within(1e-4));
        assertThat(multiply.selfDelta()).isEqualTo(7_168);
        assertThat(multiply.selfPerRequestDelta().getAsDouble()).as("71.68 CPU s over 5,781 requests")
                .isCloseTo(0.0123992, within(1e-7));
    }

    @Test
    void shouldNameTheBlockingApplicationFrameNotTheIdleThreadsOfAWallClockProfile() {
        // Given a wall-clock profile where more JVM threads idle in the run and request threads wait for a lock
        Profile before = Profile.fromFolded("""
                java/lang/Thread.run;com/acme/RemoteClient.call;java/lang/Thread.sleep;libc.so.6.__futex_abstimed_wait_common 300
                libjvm.so.thread_native_entry;libc.so.6.__futex_abstimed_wait_common 700
                """, Quantity.samples(100));
        Profile after = Profile.fromFolded("""
                java/lang/Thread.run;com/acme/RemoteClient.call;java/lang/Thread.sleep;libc.so.6.__futex_abstimed_wait_common 300
                java/lang/Thread.run;com/acme/ConnectionPool.acquire;libjvm.so.ObjectMonitor::enter;libc.so.6.__futex_abstimed_wait_common 600
                libjvm.so.thread_native_entry;libc.so.6.__futex_abstimed_wait_common 1100
                """, Quantity.samples(100));

        // When
        ProfileDiff diff = ProfileDiff.between(before, LOAD, after, LOAD);

        // Then the culprit is the application frame; the idle JVM threads' wait stays in the changes
        assertThat(diff.grown(3)).extracting(FunctionChange::name).containsExactly("com/acme/ConnectionPool.acquire");
        assertThat(diff.change("libc.so.6.__futex_abstimed_wait_common").orElseThrow().selfShareDelta()).isNegative();
    }

    @Test
    void shouldCountAHotspotGrowthFarBeyondSamplingNoise() {
        // Given / When
        double growth = ProfileDiff.between(BASELINE, LOAD, RUN, LOAD).maxSignificantSelfShareGrowth();

        // Then
        assertThat(growth).as("multiply: 0.6 % → 88.1 % of ~7,000 samples each").isCloseTo(87.4987, within(1e-4));
    }

    @Test
    void shouldNotCountAGrowthWithinSamplingNoiseOfSmallProfiles() {
        // Given two short runs of the same code: parse moves from 10 % to 16 % of 200 samples, 3.9 points of noise
        Profile before = Profile.fromFolded("main;parse 20\nmain;render 180", Quantity.samples(100));
        Profile after = Profile.fromFolded("main;parse 32\nmain;render 168", Quantity.samples(100));
        ProfileDiff diff = ProfileDiff.between(before, LOAD, after, LOAD);

        // When / Then: the raw delta is 6 points, but 6 < 3 × sqrt(0.1·0.9/200 + 0.16·0.84/200) = 9.5 points
        assertThat(diff.change("parse").orElseThrow().selfShareDelta()).isCloseTo(6.0, within(1e-9));
        assertThat(diff.maxSignificantSelfShareGrowth()).isZero();

        // and the same shares over 100 times the samples are a real change
        Profile longBefore = Profile.fromFolded("main;parse 2000\nmain;render 18000", Quantity.samples(100));
        Profile longAfter = Profile.fromFolded("main;parse 3200\nmain;render 16800", Quantity.samples(100));
        assertThat(ProfileDiff.between(longBefore, LOAD, longAfter, LOAD).maxSignificantSelfShareGrowth())
                .isCloseTo(6.0, within(1e-9));
    }

    @Test
    void shouldCountALargeGrowthOfMeasuredAmountsWithoutEventCounts() {
        // Given bytes, not samples, and no event counts: parse 10 % → 16 % is 1.6 times its share, +6 points
        Profile before = Profile.fromFolded("main;parse 20\nmain;render 180", Quantity.bytes());
        Profile after = Profile.fromFolded("main;parse 32\nmain;render 168", Quantity.bytes());

        // When / Then
        assertThat(ProfileDiff.between(before, LOAD, after, LOAD).maxSignificantSelfShareGrowth())
                .isCloseTo(6.0, within(1e-9));
    }

    @Test
    void shouldNotCountASmallGrowthOfMeasuredAmountsWithoutEventCounts() {
        // Given bytes in TLAB lumps: parse 10 % → 13 % (+3 points, but 1.3 times), lookup 1 % → 3 % (too small)
        Profile before = Profile.fromFolded("main;parse 100\nmain;lookup 10\nmain;render 890", Quantity.bytes());
        Profile after = Profile.fromFolded("main;parse 130\nmain;lookup 30\nmain;render 840", Quantity.bytes());

        // When
        ProfileDiff diff = ProfileDiff.between(before, LOAD, after, LOAD);

        // Then
        assertThat(diff.maxSignificantSelfShareGrowth()).isZero();
        assertThat(diff.grown(5)).isEmpty();
    }

    @Test
    void shouldJudgeAllocatedBytesByTheirEventCounts() {
        // Given bytes that doubled their share 15 % → 30 %, but on 2 → 3 allocation events of 10: no evidence
        Profile before = Profile.fromFolded("main;parse 150\nmain;render 850", Quantity.bytes());
        Profile after = Profile.fromFolded("main;parse 300\nmain;render 700", Quantity.bytes());
        Profile beforeEvents = Profile.fromFolded("main;parse 2\nmain;render 8", Quantity.objects());
        Profile afterEvents = Profile.fromFolded("main;parse 3\nmain;render 7", Quantity.objects());

        // When
        ProfileDiff bytesAlone = ProfileDiff.between(before, LOAD, after, LOAD);
        ProfileDiff withEvents = bytesAlone.withEvents(beforeEvents, LOAD, afterEvents, LOAD);

        // Then
        assertThat(bytesAlone.grown(5)).as("by the conservative rule alone").hasSize(1);
        assertThat(withEvents.grown(5)).as("three events are no evidence").isEmpty();
    }

    @Test
    void shouldRankFunctionsThatGrewFirstAndShrankLast() {
        // Given / When
        ProfileDiff diff = ProfileDiff.between(BASELINE, LOAD, RUN, LOAD);

        // Then
        assertThat(diff.changes()).extracting(FunctionChange::name)
                .containsExactly("MatrixCalculator.multiply", "main", "other");
        assertThat(diff.grown(10)).extracting(FunctionChange::name).containsExactly("MatrixCalculator.multiply");
    }

    @Test
    void shouldBreakShareTiesByChangePerRequest() {
        // Given a and b both grow by 10 points (beyond sampling noise), but b by 800 samples and a by 600
        Profile baseline = Profile.fromFolded("m;a 200\nm;b 400\nm;c 1400", Quantity.samples(100));
        Profile run = Profile.fromFolded("m;a 800\nm;b 1200\nm;c 2000", Quantity.samples(100));

        // When
        ProfileDiff diff = ProfileDiff.between(baseline, LOAD, run, LOAD);

        // Then
        assertThat(diff.change("a").orElseThrow().selfShareDelta())
                .isEqualTo(diff.change("b").orElseThrow().selfShareDelta());
        assertThat(diff.grown(2)).extracting(FunctionChange::name).containsExactly("b", "a");
    }

    @Test
    void shouldShowSubMillisecondChangesInMicroseconds() {
        assertThat(ProfileWording.signed(0.000_05, Quantity.Measure.SECONDS)).isEqualTo("+50.0 µs");
        assertThat(ProfileWording.signed(-1.5, Quantity.Measure.SECONDS)).isEqualTo("-1.50 s");
    }

    @Test
    void shouldMarkNewAndVanishedFunctions() {
        // Given the recorded classic pair: multiply appears, Gc.run disappears
        Profile baseline = Recorded.decode("classic-cpu-baseline.json");
        Profile run = Recorded.decode("classic-cpu-run.json");

        // When
        ProfileDiff diff = ProfileDiff.between(baseline, Workload.of(Duration.ofSeconds(10), 1_000), run,
                Workload.of(Duration.ofSeconds(10), 10_000));

        // Then
        assertThat(diff.changes()).filteredOn(c -> c.kind() != FunctionChange.Kind.CHANGED)
                .extracting(FunctionChange::name, FunctionChange::kind)
                .containsExactly(tuple("com/acme/MatrixCalculator.multiply", FunctionChange.Kind.NEW),
                        tuple("com/acme/Gc.run", FunctionChange.Kind.VANISHED));
        assertThat(diff.explain(ProfileType.CPU, 3)).containsExactly("com/acme/MatrixCalculator.multiply (new) "
                + "self CPU 0.0 % → 90.2 % (+7,168 samples, +7.2 ms per request)");
    }

    @Test
    void shouldExplainVanishedFunctionWithNegativeNumbers() {
        // Given
        Profile baseline = Recorded.decode("classic-cpu-baseline.json");
        Profile run = Recorded.decode("classic-cpu-run.json");
        Workload load = Workload.of(Duration.ofSeconds(10), 1_000);

        // When
        FunctionChange gc = ProfileDiff.between(baseline, load, run, load).change("com/acme/Gc.run").orElseThrow();

        // Then
        assertThat(ProfileWording.line(gc, ProfileType.CPU, run.quantity()))
                .isEqualTo("com/acme/Gc.run (vanished) self CPU 6.0 % → 0.0 % (-50 samples, -0.5 ms per request)");
    }

    @Test
    void shouldOmitPerRequestChangeWhenRequestCountsAreUnknown() {
        // Given
        Workload unknown = Workload.of(Duration.ofMinutes(5), 0);

        // When
        ProfileDiff diff = ProfileDiff.between(BASELINE, unknown, RUN, unknown);

        // Then
        assertThat(diff.explain(ProfileType.CPU, 1)).containsExactly(
                "MatrixCalculator.multiply self CPU 0.6 % → 88.1 % (+7,168 samples)");
    }

    @Test
    void shouldShowGrafanaNanosecondsAsTime() {
        // Given 0.25 s → 2.75 s of CPU in nanoseconds
        Profile baseline = Profile.fromFolded("m;hot 250000000\nm;cold 750000000", Quantity.nanoseconds());
        Profile run = Profile.fromFolded("m;hot 2750000000\nm;cold 750000000", Quantity.nanoseconds());
        Workload load = Workload.of(Duration.ofSeconds(10), 1_000);

        // When
        ProfileDiff diff = ProfileDiff.between(baseline, load, run, load);

        // Then
        assertThat(diff.explain(ProfileType.CPU, 1)).containsExactly(
                "hot self CPU 25.0 % → 78.6 % (+2.50 s, +2.5 ms per request)");
    }

    @Test
    void shouldShowAllocatedBytesInBinaryUnits() {
        // Given
        Profile baseline = Profile.fromFolded("m;alloc 1024\nm;other 1024", Quantity.bytes());
        Profile run = Profile.fromFolded("m;alloc 3146752\nm;other 1024", Quantity.bytes());
        Workload load = Workload.of(Duration.ofSeconds(10), 1_024);

        // When
        ProfileDiff diff = ProfileDiff.between(baseline, load, run, load);

        // Then
        assertThat(diff.explain(ProfileType.ALLOC_BYTES, 1)).containsExactly(
                "alloc self allocated bytes 50.0 % → 100.0 % (+3.0 MiB, +3.0 KiB per request)");
    }

    @Test
    void shouldAddYearlyCostToCpuLines() {
        // Given 0.05 USD per core-hour at 50 requests per second
        CoreHourCost cost = new CoreHourCost(0.05, 50, "USD");

        // When
        ProfileDiff diff = ProfileDiff.between(BASELINE, LOAD, RUN, LOAD);

        // Then
        assertThat(diff.explain(ProfileType.CPU, 1, cost)).containsExactly(
                "MatrixCalculator.multiply self CPU 0.6 % → 88.1 % (+7,168 samples, +12.4 ms per request); "
                        + "≈ +271.54 USD per year (+5,431 core-hours at 50 req/s, 0.05 USD per core-hour)");
    }

    @Test
    void shouldNotPriceNonCpuProfiles() {
        // Given
        CoreHourCost cost = new CoreHourCost(0.05, 50, "USD");

        // When
        ProfileDiff diff = ProfileDiff.between(BASELINE, LOAD, RUN, LOAD);

        // Then
        assertThat(diff.explain(ProfileType.WALL, 1, cost)).singleElement().asString().doesNotContain("USD");
    }

    @Test
    void shouldJudgeOnlyTheApplicationsStacksWhenTheServersPollerGrowsUnderContention() {
        // Given a fixed run on a busy machine: Tomcat's poller thread counts as running far more often, the
        // application's request path is unchanged
        Profile before = Profile.fromFolded("""
                Thread.run;NioEndpoint$Poller.run 8
                Thread.run;TaskThread.run;com/acme/Controller.get;com/acme/Matrix.multiply 40
                Thread.run;TaskThread.run;com/acme/Controller.get;java/util/HashMap.get 12
                C2Compiler.compile 40
                """, Quantity.samples(100));
        Profile after = Profile.fromFolded("""
                Thread.run;NioEndpoint$Poller.run 42
                Thread.run;TaskThread.run;com/acme/Controller.get;com/acme/Matrix.multiply 41
                Thread.run;TaskThread.run;com/acme/Controller.get;java/util/HashMap.get 11
                C2Compiler.compile 40
                """, Quantity.samples(100));

        // When
        double whole = ProfileDiff.between(before, LOAD, after, LOAD).maxSignificantSelfShareGrowth();
        Profile beforeApp = before.through(name -> name.startsWith("com/acme/"));
        Profile afterApp = after.through(name -> name.startsWith("com/acme/"));
        double application = ProfileDiff.between(beforeApp, LOAD, afterApp, LOAD).maxSignificantSelfShareGrowth();

        // Then the whole profile blames the poller; the application's own stacks did not change
        assertThat(whole).as("poller 8 %% -> 31 %% of the whole profile").isGreaterThan(10);
        assertThat(application).isZero();
        assertThat(afterApp.numTicks()).as("only the stacks through com/acme/").isEqualTo(52);
        assertThat(afterApp.root().orElseThrow().name()).isEqualTo("total");
        assertThat(ProfileAnalysis.functions(afterApp, LOAD)).extracting(FunctionStat::name)
                .contains("com/acme/Controller.get", "com/acme/Matrix.multiply", "java/util/HashMap.get")
                .doesNotContain("NioEndpoint$Poller.run", "C2Compiler.compile");
    }

    @Test
    void shouldKeepAnAcceptedFrameWithAllItCalledAndNothingElse() {
        // Given / When
        Profile app = RUN.through(name -> name.contains("MatrixCalculator"));

        // Then
        assertThat(app.numTicks()).isEqualTo(7210);
        assertThat(ProfileAnalysis.functions(app, LOAD)).extracting(FunctionStat::name, FunctionStat::self)
                .containsExactlyInAnyOrder(tuple("main", 0L), tuple("MatrixCalculator.multiply", 7210L));
        assertThat(RUN.through(name -> false).numTicks()).isZero();
    }

    @Test
    void shouldTestTheGrowthOfAFewSamplesExactly() {
        // Given the demo's request path on a busy machine: 16 CPU samples in the baseline, 2 in the fixed run
        Profile before = Profile.fromFolded("Filter.doFilter;RemoteClient.call 6\nFilter.doFilter;Threads.current 4\n"
                + "Filter.doFilter 6", Quantity.samples(100));
        Profile after = Profile.fromFolded("Filter.doFilter;Lookup.find 2", Quantity.samples(100));

        // When: Lookup.find goes from 0 of 16 to 2 of 2, +100 points and "6 standard errors" by the normal approximation
        ProfileDiff diff = ProfileDiff.between(before, LOAD, after, LOAD);

        // Then the exact chance of that split is 1 in 153: not evidence of a hotspot
        assertThat(diff.change("Lookup.find").orElseThrow().selfShareDelta()).isCloseTo(100.0, within(1e-9));
        assertThat(diff.maxSignificantSelfShareGrowth()).isZero();

        // while a real hotspot of a hundred samples still counts
        Profile hot = Profile.fromFolded("Filter.doFilter;Lookup.find 100\nFilter.doFilter 10", Quantity.samples(100));
        assertThat(ProfileDiff.between(before, LOAD, hot, LOAD).maxSignificantSelfShareGrowth()).isGreaterThan(80);
    }

    @Test
    void shouldNameNoFunctionWhoseShareRoseOnlyBecauseTheRestShrank() {
        // Given a fix: multiply's cost is gone, so the unchanged parse now holds a larger share
        Profile before = Profile.fromFolded("m;multiply 6000\nm;parse 1000", Quantity.samples(100));
        Profile after = Profile.fromFolded("m;multiply 100\nm;parse 1000", Quantity.samples(100));

        // When
        ProfileDiff diff = ProfileDiff.between(before, LOAD, after, LOAD);

        // Then parse rose from 14 % to 91 % of the profile, but costs the same per request: it explains nothing
        assertThat(diff.change("parse").orElseThrow().selfShareDelta()).isGreaterThan(70);
        assertThat(diff.grown(5)).isEmpty();
        assertThat(diff.explain(ProfileType.CPU, 5)).isEmpty();
    }

    @Test
    void shouldNotCountAHotspotOfAHandfulOfSamples() {
        // Given the demo's own stacks in a fixed run: 2 samples, both in RemoteClient.call (2 of 120 before)
        Profile before = Profile.fromFolded("Filter.doFilter;Matrix.multiply 115\nFilter.doFilter;RemoteClient.call 2\n"
                + "Filter.doFilter 3", Quantity.samples(100));
        Profile after = Profile.fromFolded("Filter.doFilter;RemoteClient.call 2", Quantity.samples(100));

        // When: +98 points, and by the exact test a 1-in-1,230 split of independent samples
        ProfileDiff diff = ProfileDiff.between(before, LOAD, after, LOAD);

        // Then two samples can be one request: no hotspot
        assertThat(diff.change("RemoteClient.call").orElseThrow().selfShareDelta()).isGreaterThan(98);
        assertThat(diff.maxSignificantSelfShareGrowth()).isZero();
    }
}

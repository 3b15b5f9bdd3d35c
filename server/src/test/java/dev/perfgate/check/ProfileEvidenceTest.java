package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perfgate.definition.DefinitionParser;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.ValueSource;
import dev.perfgate.profile.Profile;
import dev.perfgate.profile.ProfileDiff;
import dev.perfgate.profile.ProfileFetch;
import dev.perfgate.profile.ProfileSelection;
import dev.perfgate.profile.ProfiledRun;
import dev.perfgate.profile.Quantity;
import dev.perfgate.profile.TimeWindow;
import dev.perfgate.results.RequestStats;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Trigger;

class ProfileEvidenceTest {

    private static final GateDefinition GATE = new DefinitionParser().parse("g.yaml", """
            system: s
            pyroscope: { url: http://127.0.0.1:9, application: app, profiles: [cpu] }
            checks:
              - id: alloc
                profile: { type: cpu, measure: totalPerRequest }
                growth: "<= +10%"
            """).definition();

    /** Checks of the CPU profile's total per request, with a declared warm-up of 30 s. */
    private static final GateDefinition WARM_30S = new DefinitionParser().parse("g.yaml", """
            system: s
            warmup: 30s
            pyroscope: { url: http://127.0.0.1:9, application: app, profiles: [cpu] }
            checks:
              - id: cpu-total
                profile: { type: cpu, measure: totalPerRequest }
                growth: "<= +10%"
            """).definition();

    @Test
    void shouldSayThereIsNoSteadyStateWhenTheRunEndsWithinItsRampUp() {
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        Run run = completed("id", "1", start, start.plusMillis(150), 5);
        ProfileEvidence evidence = new ProfileEvidence((target, type, selection) -> {
            throw new AssertionError("nothing to fetch without a steady state");
        });

        ProfileEvidence.Evidence collected = evidence.collect(GATE, run, null, null, null);

        assertThat(collected.summaries()).singleElement().satisfies(s -> {
            assertThat(s.status()).isEqualTo("INCONCLUSIVE");
            assertThat(s.reason()).contains("no steady state").contains("within its 5 s ramp-up");
        });
        Measurement value = collected.value(new ValueSource.Profile("cpu", "totalPerRequest", null));
        assertThat(value.present()).isFalse();
        assertThat(value.missing()).contains("no steady state");
    }

    @Test
    void shouldReadTheProfilesOverTheWholeBucketsWithinTheSteadyStateWithTheRequestsOfThatPart() {
        // Given a steady state of 65 s (10:00:02 to 10:01:07) with 1,300 requests
        Instant start = Instant.parse("2026-03-01T10:00:02Z");
        Run run = completed("id", "1", start, start.plusSeconds(65), 0);
        RunResults results = results(1300, start);

        // When
        ProfiledRun read = ProfileEvidence.profiled(GATE.pyroscope(), run, results,
                new JudgedWindow(start, start.plusSeconds(65), true));

        // Then the bucket from 10:00:00, which holds 2 s before the steady state, and the one from 10:01:00, which
        // reaches 3 s past the end, are left out, and so are their requests
        assertThat(read.selection().window()).isEqualTo(TimeWindow.of(Instant.parse("2026-03-01T10:00:10Z"),
                Instant.parse("2026-03-01T10:01:00Z")));
        assertThat(read.requests()).as("1,300 x 50 s / 65 s").isEqualTo(1000);
    }

    @Test
    void shouldReadTheSamePerRequestTotalWhereverTheSteadyStateStartsInABucket() {
        // Given Pyroscope as measured (it answers every 10 s bucket a window overlaps, whole) holding a load test of
        // 20 requests/s and 50 samples/s of steady state after 10 s of ramp-up at 200 samples/s (JIT, the tool's start)
        Map<Instant, Integer> buckets = new HashMap<>();
        Instant t0 = Instant.parse("2026-03-01T10:00:00Z");
        Instant offStart = Instant.parse("2026-03-01T10:05:09Z");
        for (Instant rampUp : List.of(t0.minusSeconds(10), offStart.minusSeconds(10))) {
            for (int s = 0; s < 60; s++) {
                Instant at = rampUp.plusSeconds(s);
                buckets.merge(Instant.ofEpochSecond(at.getEpochSecond() / 10 * 10), s < 10 ? 200 : 50, Integer::sum);
            }
        }
        ProfileEvidence evidence = new ProfileEvidence((target, type, selection) -> {
            TimeWindow asked = target.queried(selection.window());
            long ticks = buckets.entrySet().stream().filter(b -> b.getKey().isBefore(asked.until())
                    && b.getKey().plusSeconds(10).isAfter(asked.from())).mapToLong(Map.Entry::getValue).sum();
            return new ProfileFetch.Ok(Profile.fromFolded("main;Work.run " + ticks + "\n", Quantity.samples(100)),
                    "app.cpu{}");
        });
        ValueSource.Profile perRequest = new ValueSource.Profile("cpu", "totalPerRequest", null);

        // When the same 50 s of steady state (1,000 requests) start on a bucket boundary and 9 s into a bucket
        Measurement aligned = evidence.collect(GATE, completed("a", "1", t0.minusSeconds(10), t0.plusSeconds(50), 10),
                results(1000, t0), null, null).value(perRequest);
        Measurement off = evidence.collect(GATE, completed("b", "2", offStart.minusSeconds(10), offStart.plusSeconds(50),
                10), results(1000, offStart), null, null).value(perRequest);

        // Then both read 50 samples per second over 20 requests per second: 0.025 s of CPU per request
        assertThat(aligned.value()).isCloseTo(0.025, offset(1e-9));
        assertThat(off.value()).as("the bucket that holds 9 s of ramp-up is not read").isCloseTo(0.025,
                offset(1e-9));
    }

    @Test
    void shouldNotJudgeProfilesOfASteadyStateThatHoldsNoWholeBucket() {
        // Given a steady state of 18 s, 10:00:01 to 10:00:19, and a baseline like it
        Instant start = Instant.parse("2026-03-01T10:00:01Z");
        Run run = completed("r", "2", start, start.plusSeconds(18), 0);
        ProfileEvidence evidence = new ProfileEvidence((target, type, selection) -> {
            throw new AssertionError("nothing to fetch: " + selection);
        });

        // When
        ProfileEvidence.Evidence collected = evidence.collect(GATE, run, results(360, start), null, null);

        // Then
        assertThat(collected.summaries()).singleElement().satisfies(s -> {
            assertThat(s.status()).isEqualTo("INCONCLUSIVE");
            assertThat(s.reason()).contains("holds no whole 10-s bucket").contains("18.0 s");
        });
        Measurement value = collected.value(new ValueSource.Profile("cpu", "totalPerRequest", null));
        assertThat(value.present()).isFalse();
        assertThat(value.missing()).contains("holds no whole 10-s bucket");
    }

    @Test
    void shouldSayThatTheDeclaredWarmUpLeftTooLittleOfTheSteadyStateForAWholeBucket() {
        // Given a 45 s steady state of which a 30 s warm-up (counted from the run's start: no processStart) leaves 15 s
        GateDefinition gate = WARM_30S;
        Instant start = Instant.parse("2026-03-01T10:00:01Z");
        Run run = completed("r", "2", start, start.plusSeconds(45), 0);
        ProfileEvidence evidence = new ProfileEvidence((target, type, selection) -> {
            throw new AssertionError("nothing to fetch: " + selection);
        });

        ProfileEvidence.Evidence collected = evidence.collect(gate, run, results(900, start), null, null);

        assertThat(collected.summaries()).singleElement().satisfies(s -> assertThat(s.reason())
                .contains("holds no whole 10-s bucket").contains("(what the declared 30 s warm-up left of it)"));
    }

    @Test
    void shouldNotJudgeAFunctionsGrowthAgainstABaselineWhoseSteadyStateHoldsNoWholeBucket() {
        Instant start = Instant.parse("2026-03-01T10:00:01Z");
        Run base = completed("b", "1", start, start.plusSeconds(18), 0);
        Run run = completed("r", "2", start.plusSeconds(300), start.plusSeconds(360), 0);
        List<TimeWindow> asked = new ArrayList<>();
        ProfileEvidence evidence = new ProfileEvidence((target, type, selection) -> {
            asked.add(selection.window());
            return new ProfileFetch.Ok(Profile.fromFolded("main;Work.run 500\n", Quantity.samples(100)), "app.cpu{}");
        });

        Measurement growth = evidence.collect(GATE, run, results(1200, run.startedAt()), base, results(360, start))
                .value(new ValueSource.Profile("cpu", "maxSelfShareGrowth", null));

        assertThat(asked).as("only the run is read").isNotEmpty()
                .allSatisfy(w -> assertThat(w.from()).isAfter(start.plusSeconds(100)));
        assertThat(growth.present()).isFalse();
        assertThat(growth.noBaseline()).isFalse();
        assertThat(growth.missing()).contains("the baseline run 1's steady state").contains("no whole 10-s bucket");
    }

    @Test
    void shouldCountOnlyStacksThroughTheGivenFramesPerRequest() {
        // Given 100 requests whose allocation profile also holds a metrics scrape and the profiler agent
        Profile alloc = Profile.fromFolded("""
                java/lang/Thread.run;dev/perfgate/demo/transform/TransformService.transform;dev/perfgate/demo/transform/FieldLogger.<init> 3000
                java/lang/Thread.run;dev/perfgate/demo/matrix/Matrices.random 1000
                java/lang/Thread.run;io/micrometer/prometheusmetrics/PrometheusMeterRegistry.scrape 50000
                io/pyroscope/javaagent/Profiler.dump 20000
                """, Quantity.bytes());
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        ProfiledRun run = new ProfiledRun(new ProfileSelection(TimeWindow.of(start, start.plusSeconds(60)), Map.of()), 100);
        ProfileEvidence.Evidence evidence = new ProfileEvidence.Evidence(List.of(),
                Map.of("alloc_bytes", new ProfileFetch.Ok(alloc, "app.alloc_in_new_tlab_bytes{}")), Map.of(), run);

        // When
        Measurement application = evidence.value(new ValueSource.Profile("alloc_bytes", "totalPerRequest", null,
                "dev.perfgate.demo."));
        Measurement everything = evidence.value(new ValueSource.Profile("alloc_bytes", "totalPerRequest", null));

        // Then
        assertThat(application.value()).as("(3,000 + 1,000) bytes / 100 requests").isEqualTo(40.0);
        assertThat(everything.value()).as("74,000 bytes / 100 requests").isEqualTo(740.0);
    }

    @Test
    void shouldJudgeTheHotspotGrowthOfTheApplicationsOwnStacksWhenFramesAreGiven() {
        // Given a fixed run on a busy machine: the server's poller grows, the application's request path does not
        ProfileEvidence.Evidence evidence = cpuEvidence(8, 40, 42, 41);

        // When
        Measurement whole = evidence.value(new ValueSource.Profile("cpu", "maxSelfShareGrowth", null));
        Measurement application = evidence.value(new ValueSource.Profile("cpu", "maxSelfShareGrowth", null,
                "dev/perfgate/demo/"));

        // Then
        assertThat(whole.value()).as("the poller: 16.7 %% -> 50.6 %%").isGreaterThan(30);
        assertThat(application.value()).as("the poller is not the demo's code; multiply's share fell").isZero();
    }

    @Test
    void shouldJudgeTheApplicationsHotspotByItsShareOfTheWholeProfile() {
        // Given the CPU regression: multiply, the demo's code, grows from 40 to 600 samples; the poller idles on
        ProfileEvidence.Evidence evidence = cpuEvidence(300, 40, 300, 600);

        // When
        Measurement application = evidence.value(new ValueSource.Profile("cpu", "maxSelfShareGrowth", null,
                "dev/perfgate/demo/"));

        // Then multiply went from 11.8 % to 66.7 % of the whole profile (within its own stacks it was 100 % both times)
        assertThat(application.value()).isCloseTo(54.9, offset(0.1));
    }

    @Test
    void shouldNameNoCulpritAndLeaveTheHotspotInconclusiveOnAColdJvm() {
        // Given the first load after a restart: the run's CPU goes to C2 and class loading, the baseline's did not
        GateDefinition gate = new DefinitionParser().parse("g.yaml", """
                system: s
                pyroscope: { url: http://127.0.0.1:9, application: app, profiles: [cpu] }
                checks:
                  - id: cpu-hotspot
                    profile: { type: cpu, measure: maxSelfShareGrowth }
                    requirement: "<= 10"
                """).definition();
        Profile warm = Profile.fromFolded("""
                java/lang/Thread.run;com/acme/Controller.serve 900
                libjvm.so.thread_native_entry;libjvm.so.C2Compiler::compile_method 20
                """, Quantity.samples(100));
        Profile cold = Profile.fromFolded("""
                java/lang/Thread.run;com/acme/Controller.serve 900
                libjvm.so.thread_native_entry;libjvm.so.C2Compiler::compile_method 400
                java/lang/Thread.run;java/lang/ClassLoader.loadClass;com/acme/Plugin.<clinit> 100
                """, Quantity.samples(100));
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        Run base = completed("b", "1", start, start.plusSeconds(60), 5);
        Run run = completed("r", "2", start.plusSeconds(300), start.plusSeconds(360), 5);
        ProfileEvidence evidence = new ProfileEvidence((target, type, selection) -> new ProfileFetch.Ok(
                selection.window().from().isBefore(start.plusSeconds(100)) ? warm : cold, "app.cpu{}"));

        // When
        ProfileEvidence.Evidence collected = evidence.collect(gate, run, null, base, null);
        Measurement hotspot = collected.value(new ValueSource.Profile("cpu", "maxSelfShareGrowth", null));

        // Then: (400 + 100) of 1,400 samples is warm-up work, 2.2 % in the baseline
        assertThat(hotspot.present()).isFalse();
        assertThat(hotspot.missing()).contains("still warming up").contains("35.7 %").contains("2.2 % in the baseline")
                .contains("warmup: 60s");
        ProfileSummary summary = collected.summaries().get(0);
        assertThat(summary.lines()).singleElement().asString().startsWith("no function named as the culprit")
                .doesNotContain("Plugin").doesNotContain("C2Compiler");
        assertThat(summary.warning()).contains("still warming up");
        Measurement first = evidence.collect(gate, run, null, null, null)
                .value(new ValueSource.Profile("cpu", "maxSelfShareGrowth", null));
        assertThat(first.noBaseline()).as("a first run keeps the first-run policy, cold or not").isTrue();
    }

    @Test
    void shouldNotJudgeTheWarmUpShareOfACpuProfileSampledFromWallClock() {
        // Given a gate that reads wall and cpu from one wall-clock sampler, and a run with many compiler samples
        GateDefinition gate = new DefinitionParser().parse("g.yaml", """
                system: s
                pyroscope: { url: http://127.0.0.1:9, application: app, profiles: [cpu, wall], profileNames: { cpu: cpu } }
                checks:
                  - id: cpu-hotspot
                    profile: { type: cpu, measure: maxSelfShareGrowth }
                    requirement: "<= 10"
                """).definition();
        Profile before = Profile.fromFolded("""
                java/lang/Thread.run;com/acme/Controller.serve 900
                libjvm.so.thread_native_entry;libjvm.so.CompileBroker::invoke_compiler_on_method 150
                """, Quantity.samples(100));
        Profile after = Profile.fromFolded("""
                java/lang/Thread.run;com/acme/Controller.serve 900
                libjvm.so.thread_native_entry;libjvm.so.CompileBroker::invoke_compiler_on_method 470
                """, Quantity.samples(100));
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        Run base = completed("b", "1", start, start.plusSeconds(60), 5);
        Run run = completed("r", "2", start.plusSeconds(300), start.plusSeconds(360), 5);
        ProfileEvidence evidence = new ProfileEvidence((target, type, selection) -> new ProfileFetch.Ok(
                selection.window().from().isBefore(start.plusSeconds(100)) ? before : after, "app.cpu{}"));

        // When: 34.3 % of warm-up frames against 14.3 %, as a warm demo JVM read after a regression switch
        ProfileEvidence.Evidence collected = evidence.collect(gate, run, null, base, null);

        // Then the share is no evidence of a cold JVM there: the hotspot is judged (the compiler frames grew most)
        assertThat(collected.cold()).isEmpty();
        assertThat(collected.value(new ValueSource.Profile("cpu", "maxSelfShareGrowth", null)).present()).isTrue();
        assertThat(collected.summaries()).allSatisfy(summary -> assertThat(summary.warning()).isNull());
    }

    @Test
    void shouldProfileOnlyAfterTheDeclaredWarmUp() {
        // Given checks with a 30 s warm-up and a run of 120 s with 5 s ramp-up
        GateDefinition gate = WARM_30S;
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        Run run = completed("r", "2", start, start.plusSeconds(120), 5);
        List<TimeWindow> asked = new ArrayList<>();
        ProfileEvidence evidence = new ProfileEvidence((target, type, selection) -> {
            asked.add(selection.window());
            return new ProfileFetch.Empty("nothing");
        });

        // When
        ProfileEvidence.Evidence collected = evidence.collect(gate, run, null, null, null);

        // Then
        // (the steady state after the warm-up starts at 10:00:35; its first whole bucket at 10:00:40)
        assertThat(asked).isNotEmpty().allSatisfy(w -> assertThat(w.from()).isEqualTo(start.plusSeconds(40)));
        assertThat(collected.summaries().get(0).runQuery().from()).isEqualTo(start.plusSeconds(40));
    }

    /** Results of {@code count} requests, received at {@code at}. */
    private static RunResults results(long count, Instant at) {
        RequestStats all = new RequestStats("All Requests", count, count, 0, 0.0, 5.0, 40.0, 300.0, 35.0, null, null,
                null, 80.0, null, 20.0);
        return new RunResults("id", "perfgate-results/v1", "gatling", null, false, all, List.of(), Map.of(), List.of(), at);
    }

    /** A completed run of s/w/e (created when it started). */
    private static Run completed(String id, String runId, Instant started, Instant ended, int rampUpSeconds) {
        return new Run(id, "s", "w", "e", runId, null, null, null, null, null, Trigger.API, List.of(), Map.of(), started,
                ended, rampUpSeconds, RunStatus.COMPLETED, null, started, null, null);
    }

    /** CPU evidence of a run against its baseline: samples of Tomcat's poller and of the demo's multiply, before and after. */
    private static ProfileEvidence.Evidence cpuEvidence(int pollerBefore, int multiplyBefore, int pollerAfter, int multiplyAfter) {
        String stacks = """
                java/lang/Thread.run;org/apache/tomcat/NioEndpoint$Poller.run %d
                java/lang/Thread.run;dev/perfgate/demo/matrix/MatrixController.get;dev/perfgate/demo/matrix/MatrixCalculator.multiply %d
                """;
        Profile before = Profile.fromFolded(stacks.formatted(pollerBefore, multiplyBefore), Quantity.samples(100));
        Profile after = Profile.fromFolded(stacks.formatted(pollerAfter, multiplyAfter), Quantity.samples(100));
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        ProfiledRun run = new ProfiledRun(new ProfileSelection(TimeWindow.of(start, start.plusSeconds(60)), Map.of()), 100);
        return new ProfileEvidence.Evidence(List.of(), Map.of("cpu", new ProfileFetch.Ok(after, "app.cpu{}")),
                Map.of("cpu", ProfileDiff.between(before, run.workload(), after, run.workload())), run);
    }
}

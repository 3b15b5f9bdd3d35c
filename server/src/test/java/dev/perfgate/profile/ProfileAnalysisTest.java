package dev.perfgate.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProfileAnalysisTest {

    private static final Workload TEN_SECONDS_1000_REQUESTS = Workload.of(Duration.ofSeconds(10), 1_000);

    @Test
    void shouldSumSelfAcrossCallSitesAndTotalOverStacks() {
        // Given parse is called from two places
        Profile profile = Profile.fromFolded("""
                main;handle;parse 30
                main;load;parse 10
                main;handle 60
                """, Quantity.samples(100));

        // When
        List<FunctionStat> stats = ProfileAnalysis.functions(profile, TEN_SECONDS_1000_REQUESTS);

        // Then
        assertThat(stats).extracting(FunctionStat::name, FunctionStat::self, FunctionStat::total).containsExactly(
                tuple("handle", 60L, 90L),
                tuple("parse", 40L, 40L),
                tuple("load", 0L, 10L),
                tuple("main", 0L, 100L));
    }

    @Test
    void shouldAttributeRuntimeSelfToTheNearestApplicationCaller() {
        // Given a wall-clock profile: request threads wait for a lock in the JVM and sleep in libc, idle threads
        // wait in epoll with no application frame on their stack
        Profile profile = Profile.fromFolded("""
                java/lang/Thread.run;com/acme/ConnectionPool.acquire;libjvm.so.ObjectMonitor::enter;libc.so.6.__futex_abstimed_wait_common 50
                java/lang/Thread.run;com/acme/ConnectionPool.acquire;java/lang/Thread.sleep;libc.so.6.__futex_abstimed_wait_common 30
                java/lang/Thread.run;com/acme/ConnectionPool.acquire 5
                java/lang/Thread.run;sun/nio/ch/EPoll.wait;libc.so.6.epoll_wait 15
                """, Quantity.samples(100));

        // When
        List<FunctionStat> stats = ProfileAnalysis.functions(profile, TEN_SECONDS_1000_REQUESTS);

        // Then the wait counts for the frame that can be changed; the idle threads keep their own leaf
        assertThat(stats).extracting(FunctionStat::name, FunctionStat::self, FunctionStat::total).startsWith(
                tuple("com/acme/ConnectionPool.acquire", 85L, 85L),
                tuple("libc.so.6.epoll_wait", 15L, 15L));
        assertThat(stat(profile, "libc.so.6.__futex_abstimed_wait_common").self()).isZero();
        assertThat(stat(profile, "libc.so.6.__futex_abstimed_wait_common").total()).isEqualTo(80);
        assertThat(stats.stream().mapToLong(FunctionStat::self).sum()).as("attribution keeps the total").isEqualTo(100);
    }

    @Test
    void shouldAttributeToTheInnermostApplicationFrameOnly() {
        // Given JDK code calls back into the application (a comparator inside a sort)
        Profile profile = Profile.fromFolded("""
                com/acme/Report.build;java/util/Arrays.sort;com/acme/ByPrice.compare;java/lang/Double.compare 40
                com/acme/Report.build;java/util/Arrays.sort 10
                """, Quantity.samples(100));

        // When / Then
        assertThat(stat(profile, "com/acme/ByPrice.compare").self()).isEqualTo(40);
        assertThat(stat(profile, "com/acme/Report.build").self()).isEqualTo(10);
        assertThat(stat(profile, "java/util/Arrays.sort").self()).isZero();
    }

    @Test
    void shouldCountRecursiveFunctionOncePerStack() {
        // Given walk appears three times on one stack and twice on another
        Profile profile = Profile.fromFolded("""
                main;walk;walk;walk 150
                main;walk;walk 30
                main;other 20
                """, Quantity.samples(100));

        // When
        FunctionStat walk = stat(profile, "walk");

        // Then
        assertThat(walk.self()).isEqualTo(180);
        assertThat(walk.total()).as("150 + 30, not 150·3 + 30·2").isEqualTo(180);
        assertThat(walk.totalShare()).isEqualTo(90.0);
    }

    @Test
    void shouldCountRecursionThroughOtherFramesOnce() {
        // Given a → b → a
        Profile profile = Profile.fromFolded("a;b;a 10\na 5", Quantity.samples(100));

        // When / Then
        assertThat(stat(profile, "a").total()).isEqualTo(15);
        assertThat(stat(profile, "b").total()).isEqualTo(10);
    }

    @Test
    void shouldExpressSelfAsShareOfProfile() {
        // Given
        Profile profile = Profile.fromFolded("main;hot 75\nmain;cold 25", Quantity.samples(100));

        // When / Then
        assertThat(stat(profile, "hot").selfShare()).isEqualTo(75.0);
        assertThat(stat(profile, "main").totalShare()).isEqualTo(100.0);
    }

    @Test
    void shouldConvertCpuSamplesToSecondsPerSecondAndPerRequest() {
        // Given 500 samples at 100 Hz = 5 CPU s over a 10 s run of 1,000 requests
        Profile profile = Profile.fromFolded("main;hot 500", Quantity.samples(100));

        // When
        FunctionStat hot = stat(profile, "hot");

        // Then
        assertThat(hot.selfAmount()).isEqualTo(5.0);
        assertThat(hot.selfPerSecond()).hasValue(0.5);
        assertThat(hot.selfPerRequest()).as("5 ms per request").hasValue(0.005);
    }

    @Test
    void shouldConvertNanosecondsToSeconds() {
        // Given 2.5 s of CPU as Grafana reports it
        Profile profile = Profile.fromFolded("main;hot 2500000000", Quantity.nanoseconds());

        // When
        FunctionStat hot = stat(profile, "hot");

        // Then
        assertThat(hot.selfAmount()).isCloseTo(2.5, within(1e-12));
        assertThat(hot.selfPerRequest().getAsDouble()).isCloseTo(0.0025, within(1e-12));
    }

    @Test
    void shouldGiveNoRatesWhenDurationAndRequestsAreUnknown() {
        // Given
        Profile profile = Profile.fromFolded("main;hot 5", Quantity.bytes());

        // When
        FunctionStat hot = ProfileAnalysis.functions(profile, Workload.of(Duration.ZERO, 0)).get(0);

        // Then
        assertThat(hot.selfPerSecond()).isEmpty();
        assertThat(hot.selfPerRequest()).isEmpty();
    }

    @Test
    void shouldRankTopFunctionsBySelfThenName() {
        // Given b and c tie
        Profile profile = Profile.fromFolded("m;a 50\nm;c 20\nm;b 20\nm;d 10", Quantity.samples(100));

        // When
        List<FunctionStat> top = ProfileAnalysis.topBySelf(profile, TEN_SECONDS_1000_REQUESTS, 3);

        // Then
        assertThat(top).extracting(FunctionStat::name).containsExactly("a", "b", "c");
    }

    @Test
    void shouldRankTopFunctionsByTotal() {
        // Given
        Profile profile = Profile.fromFolded("m;a;x 50\nm;b 60", Quantity.samples(100));

        // When
        List<FunctionStat> top = ProfileAnalysis.topByTotal(profile, TEN_SECONDS_1000_REQUESTS, 2);

        // Then
        assertThat(top).extracting(FunctionStat::name, FunctionStat::total)
                .containsExactly(tuple("m", 110L), tuple("b", 60L));
    }

    @Test
    void shouldFindNoFunctionsInEmptyProfile() {
        assertThat(ProfileAnalysis.functions(Profile.fromFolded("", Quantity.samples(100)), TEN_SECONDS_1000_REQUESTS))
                .isEmpty();
    }

    @Test
    void shouldAnalyseDecodedClassicProfileLikeItsFoldedStacks() {
        // Given the recorded profile and the stacks it was written from
        Profile decoded = Recorded.decode("classic-cpu-baseline.json");
        Profile folded = Profile.fromFolded(Recorded.CLASSIC_BASELINE_STACKS, Quantity.samples(100));

        // When / Then
        assertThat(ProfileAnalysis.functions(decoded, TEN_SECONDS_1000_REQUESTS))
                .isEqualTo(ProfileAnalysis.functions(folded, TEN_SECONDS_1000_REQUESTS));
    }

    private static FunctionStat stat(Profile profile, String name) {
        return ProfileAnalysis.functions(profile, TEN_SECONDS_1000_REQUESTS).stream()
                .filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }
}

package dev.perfgate.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PyroscopeTargetTest {

    private static final TimeWindow WINDOW = TimeWindow.of(Instant.parse("2024-03-13T18:15:00Z"),
            Instant.parse("2024-03-13T18:20:00Z"));

    @Test
    void shouldNameClassicSeriesLikeTheJavaAgentJfrFormat() {
        // Given
        PyroscopeTarget target = PyroscopeTarget.classic("http://p:4040", "shop");

        // When / Then
        assertThat(namesOf(target)).containsExactly(
                "shop.itimer", "shop.wall", "shop.alloc_in_new_tlab_bytes", "shop.alloc_in_new_tlab_objects",
                "shop.lock_count", "shop.lock_duration");
    }

    @Test
    void shouldNameGrafanaProfileTypesById() {
        // Given
        PyroscopeTarget target = PyroscopeTarget.grafana("http://p:4040", "http://g:3000", "shop");

        // When / Then
        assertThat(namesOf(target)).containsExactly(
                "process_cpu:cpu:nanoseconds:cpu:nanoseconds", "wall:wall:nanoseconds:wall:nanoseconds",
                "memory:alloc_in_new_tlab_bytes:bytes:space:bytes", "memory:alloc_in_new_tlab_objects:count:space:bytes",
                "mutex:contentions:count:mutex:count", "mutex:delay:nanoseconds:mutex:count");
    }

    @Test
    void shouldLetTargetOverrideTheCpuSuffix() {
        // Given an agent started with event=cpu
        PyroscopeTarget target = PyroscopeTarget.classic("http://p:4040", "shop").withProfileName(ProfileType.CPU, "cpu");

        // When / Then
        assertThat(target.profileName(ProfileType.CPU)).isEqualTo("shop.cpu");
    }

    @Test
    void shouldBuildClassicQueryFromStaticAndRunLabelsSortedByName() {
        // Given
        PyroscopeTarget target = PyroscopeTarget.classic("http://p:4040", "shop").withLabel("zone", "b")
                .withLabel("env", "perf");

        // When
        String query = target.query(ProfileType.CPU, ProfileSelection.of(WINDOW).withLabel("run_id", "7"));

        // Then
        assertThat(query).isEqualTo("shop.itimer{env=\"perf\",run_id=\"7\",zone=\"b\"}");
    }

    @Test
    void shouldPutServiceNameFirstInGrafanaQuery() {
        // Given
        PyroscopeTarget target = PyroscopeTarget.grafana("http://p:4040", "http://g:3000", "shop")
                .withLabel("env", "perf");

        // When
        String query = target.query(ProfileType.LOCK_DURATION, ProfileSelection.of(WINDOW).withLabel("env", "ci"));

        // Then
        assertThat(query).as("the run's label wins over the static one")
                .isEqualTo("mutex:delay:nanoseconds:mutex:count{service_name=\"shop\",env=\"ci\"}");
    }

    @Test
    void shouldQueryOnlyTheWholeBucketsWithinTheRunsWindow() {
        // Given a run from 18:15:03 to 18:20:07 (Pyroscope answers every 10 s bucket a window overlaps, whole)
        PyroscopeTarget target = PyroscopeTarget.classic("http://p:4040", "shop");
        TimeWindow run = TimeWindow.of(Instant.parse("2024-03-13T18:15:03Z"), Instant.parse("2024-03-13T18:20:07Z"));

        // When
        TimeWindow queried = target.queried(run);

        // Then the buckets from 18:15:00, which holds 3 s before the run, and from 18:20:00, which holds 3 s after it,
        // are left out
        assertThat(queried).isEqualTo(TimeWindow.of(Instant.parse("2024-03-13T18:15:10Z"),
                Instant.parse("2024-03-13T18:20:00Z")));
        assertThat(target.queried(queried)).as("already whole buckets").isEqualTo(queried);
    }

    @Test
    void shouldStartAtTheNextBucketWhenTheWindowStartsMoreThanHalfASecondPastABoundary() {
        TimeWindow window = TimeWindow.of(Instant.parse("2024-03-13T18:15:00.501Z"),
                Instant.parse("2024-03-13T18:15:30.9Z"));

        assertThat(PyroscopeTarget.wholeBuckets(window)).contains(TimeWindow.of(Instant.parse("2024-03-13T18:15:10Z"),
                Instant.parse("2024-03-13T18:15:30Z")));
    }

    @Test
    void shouldCountABucketThatReachesAtMostHalfASecondPastTheWindowAsWithinIt() {
        // Given a load tool's steady state of "20 s" that measured 19.9 s, from 0.1 s after a boundary
        TimeWindow window = TimeWindow.of(Instant.parse("2024-03-13T18:15:00.1Z"),
                Instant.parse("2024-03-13T18:15:20Z"));
        TimeWindow late = TimeWindow.of(Instant.parse("2024-03-13T18:15:09.6Z"),
                Instant.parse("2024-03-13T18:15:29.5Z"));

        // Then the bucket from 18:15:00 is read: 0.1 s before the steady state
        assertThat(PyroscopeTarget.wholeBuckets(window)).contains(TimeWindow.of(Instant.parse("2024-03-13T18:15:00Z"),
                Instant.parse("2024-03-13T18:15:20Z")));
        assertThat(PyroscopeTarget.wholeBuckets(late)).as("0.4 s before, 0.5 s after").contains(TimeWindow.of(
                Instant.parse("2024-03-13T18:15:10Z"), Instant.parse("2024-03-13T18:15:30Z")));
    }

    @Test
    void shouldFindNoWholeBucketInAWindowThatCrossesOneBoundaryOrNone() {
        TimeWindow within = TimeWindow.of(Instant.parse("2024-03-13T18:15:01Z"), Instant.parse("2024-03-13T18:15:08Z"));
        TimeWindow across = TimeWindow.of(Instant.parse("2024-03-13T18:15:01Z"), Instant.parse("2024-03-13T18:15:19Z"));
        TimeWindow exact = TimeWindow.of(Instant.parse("2024-03-13T18:15:10Z"), Instant.parse("2024-03-13T18:15:20Z"));

        assertThat(PyroscopeTarget.wholeBuckets(within)).isEmpty();
        assertThat(PyroscopeTarget.wholeBuckets(across)).as("18 s, no bucket whole within it").isEmpty();
        assertThat(PyroscopeTarget.wholeBuckets(exact)).contains(exact);
        assertThat(PyroscopeTarget.classic("http://p:4040", "shop").queried(within)).as("links keep such a window")
                .isEqualTo(within);
    }

    @Test
    void shouldCountTheRunsProfilesAsSettledOneUploadIntervalAndAMarginAfterTheLastWholeBucketRead() {
        PyroscopeTarget target = PyroscopeTarget.classic("http://p:4040", "shop").withUploadInterval(Duration.ofSeconds(15));

        assertThat(target.settled(WINDOW.until())).isEqualTo(Instant.parse("2024-03-13T18:20:17Z"));
        assertThat(target.settled(Instant.parse("2024-03-13T18:20:08Z"))).as("8 s into a bucket: that bucket is not read")
                .isEqualTo(Instant.parse("2024-03-13T18:20:17Z"));
        assertThat(target.settled(Instant.parse("2024-03-13T18:20:09.600Z"))).as("within the edge: that bucket is read")
                .isEqualTo(Instant.parse("2024-03-13T18:20:27Z"));
        TimeWindow steady = TimeWindow.of(Instant.parse("2024-03-13T18:19:31Z"), Instant.parse("2024-03-13T18:20:09.600Z"));
        assertThat(target.settled(steady.until())).as("after the end of what is read, whatever the window")
                .isAfterOrEqualTo(PyroscopeTarget.wholeBuckets(steady).orElseThrow().until().plus(Duration.ofSeconds(15)));
    }

    @Test
    void shouldRejectLabelNamesThatWouldBreakTheSelector() {
        assertThatThrownBy(() -> new ProfileSelection(WINDOW, Map.of("run-id", "1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("invalid label name: run-id");
    }

    @Test
    void shouldRoundFractionalWindowEndsUp() {
        // Given
        TimeWindow window = TimeWindow.of(Instant.parse("2024-03-13T18:15:00.900Z"),
                Instant.parse("2024-03-13T18:20:00.000001Z"));

        // When / Then
        assertThat(window.fromEpochSecond()).isEqualTo(1710353700L);
        assertThat(window.untilEpochSecond()).isEqualTo(1710354001L);
        assertThat(window.untilEpochMilli()).isEqualTo(1710354000001L);
    }

    private static List<String> namesOf(PyroscopeTarget target) {
        return Arrays.stream(ProfileType.values()).map(target::profileName).toList();
    }
}

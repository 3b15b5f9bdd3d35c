package dev.perfgate.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FlamebearerDecoderTest {

    @Test
    void shouldRebuildCallTreeFromDeltaEncodedLevels() {
        // Given a classic profile whose level 3 has a gap (Handler.handle's own 100 samples) before Tree.walk
        Profile profile = Recorded.decode("classic-cpu-baseline.json");

        // When
        Frame main = profile.root().orElseThrow().children().get(0);

        // Then
        assertThat(profile.numTicks()).isEqualTo(830);
        assertThat(main.name()).isEqualTo("com/acme/App.main");
        assertThat(main.children()).extracting(Frame::name)
                .containsExactly("com/acme/Gc.run", "com/acme/Handler.handle", "com/acme/Tree.walk");
        Frame handler = main.child("com/acme/Handler.handle").orElseThrow();
        assertThat(handler.children()).extracting(Frame::name, Frame::self, Frame::total)
                .containsExactly(tuple("com/acme/Db.query", 200L, 200L),
                        tuple("com/acme/Json.parse", 300L, 300L));
        Frame walk = main.child("com/acme/Tree.walk").orElseThrow().children().get(0);
        assertThat(walk).as("Tree.walk called by Tree.walk, after the gap")
                .extracting(Frame::self, Frame::total).containsExactly(30L, 180L);
        assertThat(walk.children().get(0).total()).isEqualTo(150);
    }

    @Test
    void shouldDecodeRecordedPyroscopeAnswerThatPlacesSelfBeforeChildren() {
        // Given the answer of a real Pyroscope 0.37.2 to /render for these folded stacks
        Profile recorded = Recorded.decode("classic-0.37.2-render.json");
        Profile stacks = Profile.fromFolded(Recorded.CLASSIC_BASELINE_STACKS, Quantity.samples(100));
        Workload load = Workload.of(Duration.ofSeconds(10), 100);

        // When / Then
        assertThat(ProfileAnalysis.functions(recorded, load)).isEqualTo(ProfileAnalysis.functions(stacks, load));
        assertThat(recorded.root().orElseThrow().children().get(0).child("com/acme/Handler.handle").orElseThrow()
                .children()).extracting(Frame::name).containsExactly("com/acme/Db.query", "com/acme/Json.parse");
    }

    @Test
    void shouldReadCpuSamplesAtTheReportedSampleRate() {
        // Given / When
        Profile profile = Recorded.decode("classic-cpu-baseline.json");

        // Then
        assertThat(profile.quantity()).isEqualTo(Quantity.samples(100));
        assertThat(profile.quantity().amount(830)).isEqualTo(8.3);
        assertThat(profile.spyName()).isEqualTo("javaspy");
    }

    @Test
    void shouldKeepNanosecondValuesBeyondTheIntRange() {
        // Given a Grafana profile with 2.5 s (2,500,000,000 ns) in one frame
        Profile profile = Recorded.decode("grafana-cpu.json");

        // When
        Frame handler = profile.root().orElseThrow().children().get(0).child("com/acme/Handler.handle").orElseThrow();

        // Then
        assertThat(profile.numTicks()).isEqualTo(4_250_000_000L);
        assertThat(handler.child("com/acme/Json.parse").orElseThrow().self()).isEqualTo(2_500_000_000L);
        assertThat(handler.child("com/acme/Db.query").orElseThrow().total()).isEqualTo(1_000_000_000L);
    }

    @Test
    void shouldDecodeClassicEmptyAnswerAsEmptyProfile() {
        // Given / When: recorded from Pyroscope 0.37.2 for an application it does not know
        Profile profile = Recorded.decode("classic-empty.json");

        // Then
        assertThat(profile.isEmpty()).isTrue();
        assertThat(profile.root()).isEmpty();
    }

    @Test
    void shouldDecodeGrafanaZeroRootAsEmptyProfile() {
        // Given / When
        Profile profile = Recorded.decode("grafana-empty.json");

        // Then
        assertThat(profile.isEmpty()).isTrue();
        assertThat(profile.nodeCount()).isZero();
    }

    @Test
    void shouldDecodeNullNamesAndLevelsAsEmptyProfile() throws MalformedProfileException {
        // Given
        String json = "{\"flamebearer\":{\"names\":null,\"levels\":null,\"numTicks\":0,\"maxSelf\":0}}";

        // When
        Profile profile = FlamebearerDecoder.decode(json);

        // Then
        assertThat(profile.isEmpty()).isTrue();
    }

    @Test
    void shouldMergeDuplicateNamesIntoOneFunction() throws MalformedProfileException {
        // Given names listing "f" twice
        String json = fb("[\"total\",\"f\",\"f\"]", "[[0,3,0,0],[0,1,1,1,0,2,2,2]]");

        // When
        Profile profile = FlamebearerDecoder.decode(json);

        // Then
        assertThat(ProfileAnalysis.functions(profile, Workload.of(Duration.ZERO, 0)))
                .extracting(FunctionStat::name, FunctionStat::self)
                .containsExactly(tuple("f", 3L));
    }

    @Test
    void shouldRejectLevelThatIsNotMadeOfFourValueGroups() {
        assertThatThrownBy(() -> FlamebearerDecoder.decode(fb("[\"total\"]", "[[0,1,0]]")))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("level 0 has 3 values, not a multiple of 4");
    }

    @Test
    void shouldRejectNamesOrLevelsThatAreNotArrays() {
        assertThatThrownBy(() -> FlamebearerDecoder.decode(fb("\"total\"", "[[0,1,0,0]]")))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("'names' is not an array");
        assertThatThrownBy(() -> FlamebearerDecoder.decode(fb("[\"total\"]", "{}")))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("'levels' is not an array");
    }

    @Test
    void shouldRejectNameIndexOutsideTheNames() {
        assertThatThrownBy(() -> FlamebearerDecoder.decode(fb("[\"total\"]", "[[0,1,0,0],[0,1,1,5]]")))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("level 1 node 0 refers to name 5 of 1");
    }

    @Test
    void shouldRejectNodeOutsideEveryParent() {
        // Given a child that starts at x=5 under a root covering [0, 4)
        String json = fb("[\"total\",\"f\"]", "[[0,4,0,0],[5,1,1,1]]");

        // When / Then
        assertThatThrownBy(() -> FlamebearerDecoder.decode(json))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("node 'f' at level 1 (x 5, total 1) lies outside every node of level 0");
    }

    @Test
    void shouldRejectSelfLargerThanTotal() {
        assertThatThrownBy(() -> FlamebearerDecoder.decode(fb("[\"total\"]", "[[0,1,2,0]]")))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("level 0 node 0 has impossible values [0, 1, 2]");
    }

    @Test
    void shouldRejectDiffFormat() {
        String json = "{\"flamebearer\":{\"names\":[],\"levels\":[]},\"metadata\":{\"format\":\"double\"}}";

        assertThatThrownBy(() -> FlamebearerDecoder.decode(json))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("format 'double' is not a single profile");
    }

    @Test
    void shouldRejectAnswerWithoutFlamebearer() {
        assertThatThrownBy(() -> FlamebearerDecoder.decode("{\"message\":\"ok\"}"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("no 'flamebearer' object in the response");
    }

    @Test
    void shouldRejectHtml() {
        assertThatThrownBy(() -> FlamebearerDecoder.decode("<html>login</html>"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessageStartingWith("not flamebearer JSON: ");
    }

    private static String fb(String names, String levels) {
        return "{\"flamebearer\":{\"names\":" + names + ",\"levels\":" + levels + ",\"numTicks\":0,\"maxSelf\":0},"
                + "\"metadata\":{\"format\":\"single\",\"sampleRate\":100,\"units\":\"samples\"}}";
    }
}

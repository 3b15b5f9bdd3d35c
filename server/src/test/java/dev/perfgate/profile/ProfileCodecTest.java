package dev.perfgate.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;

class ProfileCodecTest {

    @Test
    void shouldStoreAProfileFromPyroscopeExactlyAsItWasJudged() throws Exception {
        // Given a profile as Pyroscope 0.37.2 answered it
        Profile judged = Recorded.decode("classic-cpu-run.json");

        // When
        ProfileCodec.Encoded stored = ProfileCodec.encode(judged, ProfileCodec.MAX_NODES);
        Profile read = ProfileCodec.decode(stored.bytes());

        // Then every node, name, value and the unit are the same
        assertSameTree(read, judged);
        assertThat(read.quantity()).isEqualTo(judged.quantity());
        assertThat(read.spyName()).isEqualTo(judged.spyName());
        assertThat(stored.nodes()).isEqualTo(judged.nodeCount());
        assertThat(stored.prunedNodes()).isZero();
    }

    @Test
    void shouldKeepTheLargestFramesExactWhenATreeIsOverTheBound() throws Exception {
        // Given a wide tree: 2,000 leaves of decreasing weight under two request handlers
        StringBuilder folded = new StringBuilder();
        for (int i = 0; i < 2_000; i++) {
            folded.append("main;").append(i % 2 == 0 ? "handleA" : "handleB").append(";fn").append(i).append(' ')
                    .append(3_000 - i).append('\n');
        }
        Profile judged = Profile.fromFolded(folded.toString(), Quantity.samples(100));

        // When it is stored with at most 200 nodes
        ProfileCodec.Encoded stored = ProfileCodec.encode(judged, 200);
        Profile read = ProfileCodec.decode(stored.bytes());

        // Then the bound holds, every total is kept, the heaviest functions are exact, and the rest is "other"
        assertThat(read.nodeCount()).isLessThanOrEqualTo(200);
        assertThat(stored.prunedNodes()).isEqualTo(judged.nodeCount() - read.nodeCount());
        assertThat(read.numTicks()).isEqualTo(judged.numTicks());
        Frame main = read.root().orElseThrow().child("main").orElseThrow();
        assertThat(main.total()).isEqualTo(judged.numTicks());
        assertThat(main.child("handleA").orElseThrow().total())
                .isEqualTo(judged.root().orElseThrow().child("main").orElseThrow().child("handleA").orElseThrow().total());
        assertThat(main.child("handleA").orElseThrow().child("fn0").orElseThrow().self()).isEqualTo(3_000);
        assertThat(main.child("handleB").orElseThrow().child("fn1").orElseThrow().self()).isEqualTo(2_999);
        assertThat(main.child("handleA").orElseThrow().child("fn1998")).isEmpty();
        assertThat(main.child("handleA").orElseThrow().child("other").orElseThrow().total()).isPositive();
    }

    @Test
    void shouldStoreALargeRealisticTreeCompactly() throws Exception {
        // Given 10,000 distinct stacks of 30 frames (long JVM frame names)
        Random random = new Random(7);
        StringBuilder folded = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            StringBuilder stack = new StringBuilder("java/lang/Thread.run");
            for (int depth = 0; depth < 30; depth++) {
                stack.append(";org/springframework/web/servlet/FrameworkServlet.method").append(random.nextInt(40));
            }
            folded.append(stack).append(' ').append(1 + random.nextInt(50)).append('\n');
        }
        Profile judged = Profile.fromFolded(folded.toString(), Quantity.samples(100));

        // When
        ProfileCodec.Encoded stored = ProfileCodec.encode(judged, ProfileCodec.MAX_NODES);

        // Then it is bounded in nodes and well under the store's 16 MB document limit
        assertThat(stored.nodes()).isLessThanOrEqualTo(ProfileCodec.MAX_NODES);
        assertThat(stored.bytes().length).isLessThan(1_000_000);
        assertThat(ProfileCodec.decode(stored.bytes()).numTicks()).isEqualTo(judged.numTicks());
    }

    @Test
    void shouldRefuseBytesThatAreNotAStoredProfile() throws Exception {
        // Given gzip of something else, and bytes that are not gzip at all
        java.io.ByteArrayOutputStream other = new java.io.ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(other)) {
            out.write(new byte[] {0, 0, 0, 9, 1, 2, 3});
        }

        // Then
        assertThatThrownBy(() -> ProfileCodec.decode(other.toByteArray()))
                .isInstanceOf(MalformedProfileException.class).hasMessageContaining("version 9");
        assertThatThrownBy(() -> ProfileCodec.decode(new byte[] {1, 2, 3}))
                .isInstanceOf(MalformedProfileException.class).hasMessageContaining("stored profile unreadable");
    }

    private static void assertSameTree(Profile actual, Profile expected) {
        assertThat(actual.nodeCount()).isEqualTo(expected.nodeCount());
        assertThat(actual.numTicks()).isEqualTo(expected.numTicks());
        for (int i = 0; i < expected.nodeCount(); i++) {
            assertThat(actual.nameOf(i)).isEqualTo(expected.nameOf(i));
        }
        assertThat(actual.self).isEqualTo(expected.self);
        assertThat(actual.total).isEqualTo(expected.total);
        assertThat(Arrays.equals(actual.childStart, expected.childStart)).isTrue();
        assertThat(Arrays.equals(actual.childEnd, expected.childEnd)).isTrue();
    }
}

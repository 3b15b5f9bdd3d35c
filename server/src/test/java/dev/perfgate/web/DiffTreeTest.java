package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.perfgate.profile.Profile;
import dev.perfgate.profile.Quantity;

class DiffTreeTest {

    static final Quantity SAMPLES = Quantity.samples(100);

    @Test
    void shouldGiveEachFrameTheRunsValueAndItsChangeAgainstTheScaledBaseline() {
        Profile baseline = Profile.fromFolded("main;multiply 100\nmain;parse 300", SAMPLES);
        Profile run = Profile.fromFolded("main;multiply 600\nmain;parse 200", SAMPLES);

        DiffTree.Node root = DiffTree.between(baseline, run, 0).orElseThrow();

        assertThat(root.value()).isEqualTo(800);
        assertThat(root.delta()).as("scaled to the run's total, the root never changes").isZero();
        DiffTree.Node main = root.children().get(0);
        assertThat(main.children()).extracting(DiffTree.Node::name).containsExactly("multiply", "parse");
        assertThat(main.children().get(0).delta()).as("600 - 100 × 2").isEqualTo(400);
        assertThat(main.children().get(1).delta()).as("200 - 300 × 2").isEqualTo(-400);
    }

    @Test
    void shouldMarkAFrameNewInTheRunWithItsWholeValue() {
        Profile baseline = Profile.fromFolded("main;parse 100", SAMPLES);
        Profile run = Profile.fromFolded("main;parse 100\nmain;regex 50", SAMPLES);

        DiffTree.Node regex = DiffTree.between(baseline, run, 0).orElseThrow().children().get(0).children().get(1);

        assertThat(regex.name()).isEqualTo("regex");
        assertThat(regex.delta()).as("d3-flame-graph colours delta == value as new").isEqualTo(regex.value());
    }

    @Test
    void shouldLeaveOutFramesBelowTheMinimumShare() {
        Profile baseline = Profile.fromFolded("main;parse 100", SAMPLES);
        Profile run = Profile.fromFolded("main;parse 9990\nmain;tiny 10", SAMPLES);

        DiffTree.Node main = DiffTree.between(baseline, run, 0.005).orElseThrow().children().get(0);

        assertThat(main.children()).extracting(DiffTree.Node::name).containsExactly("parse");
    }

    @Test
    void shouldHaveNoTreeWithoutData() {
        Profile empty = Profile.fromFolded("", SAMPLES);

        assertThat(DiffTree.between(empty, Profile.fromFolded("main 1", SAMPLES), 0)).isEmpty();
        assertThat(DiffTree.between(Profile.fromFolded("main 1", SAMPLES), empty, 0)).isEmpty();
    }
}

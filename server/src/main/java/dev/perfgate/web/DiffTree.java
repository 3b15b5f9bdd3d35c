package dev.perfgate.web;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import dev.perfgate.profile.Frame;
import dev.perfgate.profile.Profile;

/**
 * The tree d3-flame-graph draws in differential mode: the run's call tree (frame widths are the run's values) with,
 * on every frame, how much its total changed against the baseline scaled to the run's size (red: grew, blue: shrank).
 * Frames only the baseline had have no width in the run and are left out. Pure.
 */
final class DiffTree {

    /** One frame: {@code value} in the run, {@code delta} = run total − scaled baseline total of the same call path. */
    record Node(String name, long value, long delta, List<Node> children) {
    }

    private DiffTree() {
    }

    /**
     * The diff of {@code run} against {@code baseline}; frames under {@code minShare} of the run's total are
     * dropped to keep the page light.
     */
    static Optional<Node> between(Profile baseline, Profile run, double minShare) {
        Optional<Frame> runRoot = run.root();
        if (runRoot.isEmpty() || baseline.isEmpty()) {
            return Optional.empty();
        }
        double scale = (double) run.numTicks() / baseline.numTicks();
        long minValue = (long) Math.floor(run.numTicks() * minShare);
        return Optional.of(node(runRoot.get(), baseline.root(), scale, minValue));
    }

    private static Node node(Frame frame, Optional<Frame> before, double scale, long minValue) {
        long baselineTotal = before.map(Frame::total).orElse(0L);
        List<Node> children = new ArrayList<>();
        for (Frame child : frame.children()) {
            if (child.total() >= Math.max(1, minValue)) {
                children.add(node(child, before.flatMap(b -> b.child(child.name())), scale, minValue));
            }
        }
        children.sort(Comparator.comparing(Node::name));
        return new Node(frame.name(), frame.total(), frame.total() - Math.round(baselineTotal * scale), children);
    }
}

package dev.perfgate.profile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A merged profile decoded into a call tree. Nodes are stored level by level in flat arrays (node 0 is the synthetic
 * root, {@code total}); the children of a node occupy a contiguous index range.
 */
public final class Profile {

    final String[] names;
    final int[] nameId;
    final long[] self;
    final long[] total;
    final int[] childStart;
    final int[] childEnd;
    private final long numTicks;
    private final Quantity quantity;
    private final String spyName;

    Profile(String[] names, int[] nameId, long[] self, long[] total, int[] childStart, int[] childEnd, long numTicks,
            Quantity quantity, String spyName) {
        this.names = names;
        this.nameId = nameId;
        this.self = self;
        this.total = total;
        this.childStart = childStart;
        this.childEnd = childEnd;
        this.numTicks = numTicks;
        this.quantity = quantity;
        this.spyName = spyName;
    }

    /** A profile of {@code nodes} nodes, all zero, for a decoder to fill in place. */
    Profile(String[] names, int nodes, long numTicks, Quantity quantity, String spyName) {
        this(names, new int[nodes], new long[nodes], new long[nodes], new int[nodes], new int[nodes], numTicks,
                quantity, spyName);
    }

    /**
     * Builds a profile from folded stacks ({@code a;b;c 123}, one per line), as used by {@code /ingest?format=folded};
     * for tests and tools.
     */
    public static Profile fromFolded(String folded, Quantity quantity) {
        FoldedNode root = new FoldedNode("total");
        for (String line : folded.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            int space = trimmed.lastIndexOf(' ');
            if (space < 0) {
                throw new IllegalArgumentException("folded line without a value: " + trimmed);
            }
            root.add(trimmed.substring(0, space), Long.parseLong(trimmed.substring(space + 1)));
        }
        return root.flatten(quantity);
    }

    /** The same from folded stacks already split: each stack ({@code a;b;c}) with its value; for tests and tools. */
    public static Profile fromFolded(Map<String, Long> stacks, Quantity quantity) {
        FoldedNode root = new FoldedNode("total");
        stacks.forEach(root::add);
        return root.flatten(quantity);
    }

    /**
     * The part of the profile in stacks that pass through a frame accepted by {@code frame}: the sum of the totals of
     * the outermost accepted frames. For "allocated bytes per request in the application's code", without the
     * metric scrapes, the profiler agent and the JVM's own threads.
     */
    public long totalThrough(Predicate<String> frame) {
        long sum = 0;
        int nodes = nodeCount();
        if (nodes == 0) {
            return 0;
        }
        int[] stack = new int[nodes];
        int top = 0;
        for (int child = childStart[0]; child < childEnd[0]; child++) {
            stack[top++] = child;
        }
        while (top > 0) {
            int node = stack[--top];
            if (frame.test(names[nameId[node]])) {
                sum += total[node];
                continue;
            }
            for (int child = childStart[node]; child < childEnd[node]; child++) {
                stack[top++] = child;
            }
        }
        return sum;
    }

    /**
     * The profile of the stacks that pass through a frame accepted by {@code frame}: those frames with everything they
     * called, under the callers that led to them; all other stacks are left out, and shares are of what is left. For
     * "which of the application's own functions grew", without the server's pollers, the JIT and the agent.
     */
    public Profile through(Predicate<String> frame) {
        FoldedNode root = new FoldedNode("total");
        if (nodeCount() > 0) {
            for (int child = childStart[0]; child < childEnd[0]; child++) {
                root.total += keep(child, root, false, frame);
            }
        }
        Profile kept = root.flatten(quantity);
        return new Profile(kept.names, kept.nameId, kept.self, kept.total, kept.childStart, kept.childEnd,
                kept.numTicks, quantity, spyName);
    }

    /** Copies the part of {@code node}'s subtree that passes through an accepted frame under {@code parent}. */
    private long keep(int node, FoldedNode parent, boolean inside, Predicate<String> frame) {
        boolean accepted = inside || frame.test(names[nameId[node]]);
        FoldedNode copy = parent.children.get(names[nameId[node]]);
        boolean added = copy == null;
        if (added) {
            copy = new FoldedNode(names[nameId[node]]);
        }
        long kept = 0;
        if (accepted) {
            copy.self += self[node];
            kept += self[node];
        }
        for (int child = childStart[node]; child < childEnd[node]; child++) {
            kept += keep(child, copy, accepted, frame);
        }
        copy.total += kept;
        if (added && kept > 0) {
            parent.children.put(copy.name, copy);
        }
        return kept;
    }

    /**
     * This profile with at most {@code maxNodes} nodes, for storing: the frames with the largest totals are kept with
     * their exact totals (a frame's total is at least its callees', so the kept frames form a tree), and the smaller
     * callees of each kept frame are merged into one {@code other} frame under it, as Pyroscope truncates its answers.
     */
    Profile pruned(int maxNodes) {
        int nodes = nodeCount();
        if (nodes <= maxNodes) {
            return this;
        }
        int keep = Math.max(1, maxNodes / 2 - 1);
        long[] totals = new long[nodes - 1];
        System.arraycopy(total, 1, totals, 0, nodes - 1);
        java.util.Arrays.sort(totals);
        long threshold = totals[totals.length - 1 - keep];
        FoldedNode root = new FoldedNode("total");
        root.total = total[0];
        root.self = self[0];
        copyAbove(0, root, threshold);
        Profile kept = root.flatten(quantity);
        return new Profile(kept.names, kept.nameId, kept.self, kept.total, kept.childStart, kept.childEnd, numTicks,
                quantity, spyName);
    }

    /** Copies the callees of {@code node} whose totals exceed {@code threshold}; the rest become one {@code other}. */
    private void copyAbove(int node, FoldedNode copy, long threshold) {
        long dropped = 0;
        for (int child = childStart[node]; child < childEnd[node]; child++) {
            if (total[child] <= threshold) {
                dropped += total[child];
                continue;
            }
            FoldedNode kept = copy.children.computeIfAbsent(names[nameId[child]], FoldedNode::new);
            kept.total += total[child];
            kept.self += self[child];
            copyAbove(child, kept, threshold);
        }
        if (dropped > 0) {
            FoldedNode other = copy.children.computeIfAbsent("other", FoldedNode::new);
            other.total += dropped;
            other.self += dropped;
        }
    }

    /** Sum of all values (the root's total). */
    public long numTicks() {
        return numTicks;
    }

    public boolean isEmpty() {
        return numTicks == 0;
    }

    public Quantity quantity() {
        return quantity;
    }

    /** The profiler that produced the data as the server reports it (e.g. {@code javaspy}), or empty. */
    public String spyName() {
        return spyName;
    }

    /** The same tree with another unit interpretation, e.g. nanoseconds for Grafana CPU profiles. */
    public Profile withQuantity(Quantity other) {
        return new Profile(names, nameId, self, total, childStart, childEnd, numTicks, other, spyName);
    }

    /** The synthetic root frame, or empty for an empty profile. */
    public Optional<Frame> root() {
        return nodeCount() == 0 ? Optional.empty() : Optional.of(new Frame(this, 0));
    }

    public int nodeCount() {
        return nameId.length;
    }

    String nameOf(int node) {
        return names[nameId[node]];
    }

    /** Mutable trie used only to build profiles from folded stacks. */
    private static final class FoldedNode {
        final String name;
        final Map<String, FoldedNode> children = new TreeMap<>();
        long self;
        long total;

        FoldedNode(String name) {
            this.name = name;
        }

        /** Adds a stack ({@code a;b;c}) below this root. */
        void add(String stack, long value) {
            FoldedNode node = this;
            total += value;
            for (String frame : stack.split(";")) {
                node = node.children.computeIfAbsent(frame, FoldedNode::new);
                node.total += value;
            }
            node.self += value;
        }

        Profile flatten(Quantity quantity) {
            List<FoldedNode> order = new ArrayList<>();
            if (total > 0) {
                order.add(this);
            }
            List<Integer> starts = new ArrayList<>();
            List<Integer> ends = new ArrayList<>();
            for (int i = 0; i < order.size(); i++) {
                starts.add(order.size());
                order.addAll(order.get(i).children.values());
                ends.add(order.size());
            }
            Map<String, Integer> ids = new HashMap<>();
            List<String> names = new ArrayList<>();
            int[] nameId = new int[order.size()];
            long[] self = new long[order.size()];
            long[] total = new long[order.size()];
            for (int i = 0; i < order.size(); i++) {
                FoldedNode node = order.get(i);
                nameId[i] = ids.computeIfAbsent(node.name, n -> {
                    names.add(n);
                    return names.size() - 1;
                });
                self[i] = node.self;
                total[i] = node.total;
            }
            return new Profile(names.toArray(String[]::new), nameId, self, total,
                    starts.stream().mapToInt(Integer::intValue).toArray(),
                    ends.stream().mapToInt(Integer::intValue).toArray(), this.total, quantity, "");
        }
    }
}

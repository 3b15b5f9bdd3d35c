package dev.perfgate.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.perfgate.profile.Frame;
import dev.perfgate.profile.Profile;
import dev.perfgate.profile.Quantity;

/**
 * Writes folded stacks as the flamebearer JSON Pyroscope's {@code /render} returns: names, and per level the groups
 * {@code [x delta, total, self, name index]} with children laid out from their parent's x, sorted by name (the tree
 * is PerfGate's own {@link Profile#fromFolded(Map, Quantity)}).
 */
final class FlamebearerEncoder {

    private FlamebearerEncoder() {
    }

    static String encode(Map<String, Long> stacks, int sampleRate) {
        Profile profile = Profile.fromFolded(stacks, Quantity.samples(sampleRate));
        Map<String, Integer> nameIds = new HashMap<>();
        List<String> names = new ArrayList<>();
        List<List<long[]>> levels = new ArrayList<>();
        profile.root().ifPresent(root -> layout(root, levels, nameIds, names));
        StringBuilder json = new StringBuilder(64 * 1024 * 1024 / 8);
        json.append("{\"version\":1,\"flamebearer\":{\"names\":[");
        for (int i = 0; i < names.size(); i++) {
            json.append(i == 0 ? "" : ",").append('"').append(names.get(i)).append('"');
        }
        json.append("],\"levels\":[");
        long maxSelf = 0;
        for (int level = 0; level < levels.size(); level++) {
            json.append(level == 0 ? "[" : ",[");
            long end = 0;
            List<long[]> nodes = levels.get(level);
            for (int i = 0; i < nodes.size(); i++) {
                long[] node = nodes.get(i);
                json.append(i == 0 ? "" : ",").append(node[0] - end).append(',').append(node[1]).append(',')
                        .append(node[2]).append(',').append(node[3]);
                end = node[0] + node[1];
                maxSelf = Math.max(maxSelf, node[2]);
            }
            json.append(']');
        }
        json.append("],\"numTicks\":").append(profile.numTicks()).append(",\"maxSelf\":").append(maxSelf)
                .append("},\"metadata\":{\"format\":\"single\",\"spyName\":\"perfgate-bench\",\"sampleRate\":")
                .append(sampleRate).append(",\"units\":\"samples\"}}");
        return json.toString();
    }

    /** Depth-first, so within each level nodes are appended in increasing x. Iterative: stacks can be deep. */
    private static void layout(Frame root, List<List<long[]>> levels, Map<String, Integer> nameIds, List<String> names) {
        record Visit(Frame frame, long x, int depth) {
        }
        List<Visit> stack = new ArrayList<>();
        stack.add(new Visit(root, 0, 0));
        while (!stack.isEmpty()) {
            Visit visit = stack.remove(stack.size() - 1);
            while (levels.size() <= visit.depth()) {
                levels.add(new ArrayList<>());
            }
            int nameId = nameIds.computeIfAbsent(visit.frame().name(), n -> {
                names.add(n);
                return names.size() - 1;
            });
            levels.get(visit.depth()).add(new long[] {visit.x(), visit.frame().total(), visit.frame().self(), nameId});
            List<Visit> children = new ArrayList<>();
            long childX = visit.x();
            for (Frame child : visit.frame().children()) {
                children.add(new Visit(child, childX, visit.depth() + 1));
                childX += child.total();
            }
            for (int i = children.size() - 1; i >= 0; i--) {
                stack.add(children.get(i));
            }
        }
    }
}

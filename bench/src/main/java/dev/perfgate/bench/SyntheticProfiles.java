package dev.perfgate.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * A deterministic pair of large CPU profiles as folded stacks: a baseline of {@code stacks} unique stacks and a run
 * with the same stacks, values jittered by ±20 %, where 1 % of the stacks end in an injected hotspot.
 *
 * <p>Shape: a common 5-frame prefix, 5 levels branching 10 ways (names reused across subtrees, as call sites of the
 * same methods are), and a 3-frame tail, with occasional recursion; about 4 nodes per stack.
 */
final class SyntheticProfiles {

    static final String HOTSPOT = "com/acme/MatrixCalculator.multiply";
    private static final String[] PREFIX = {"java/lang/Thread.run", "org/eclipse/jetty/util/thread/QueuedThreadPool.run",
            "org/eclipse/jetty/server/HttpChannel.handle", "jakarta/servlet/http/HttpServlet.service",
            "org/springframework/web/servlet/DispatcherServlet.doDispatch"};
    private static final int BRANCHING = 10;
    private static final int VOCABULARY = 2_000;

    final Map<String, Long> baseline = new LinkedHashMap<>();
    final Map<String, Long> run = new LinkedHashMap<>();

    SyntheticProfiles(int stacks, long seed) {
        Random random = new Random(seed);
        for (int i = 0; i < stacks; i++) {
            String stack = stack(i, random);
            long value = 1 + random.nextInt(100);
            baseline.put(stack, value);
            long jittered = Math.max(1, Math.round(value * (0.8 + 0.4 * random.nextDouble())));
            if (i % 100 == 0) {
                run.put(stack.substring(0, stack.lastIndexOf(';')) + ";" + HOTSPOT, jittered * 50);
            } else {
                run.put(stack, jittered);
            }
        }
    }

    private static String stack(int index, Random random) {
        StringBuilder stack = new StringBuilder(String.join(";", PREFIX));
        int path = index;
        int parent = 0;
        for (int level = 0; level < 5; level++) {
            int choice = path % BRANCHING;
            path /= BRANCHING;
            parent = parent * BRANCHING + choice;
            stack.append(';').append(name(level, Math.floorMod(parent * 31 + level, VOCABULARY)));
        }
        // five base-10 digits make the first 10^5 paths unique; the rest of the index extends them
        stack.append(';').append(name(5, path % VOCABULARY));
        String leaf = name(6, random.nextInt(VOCABULARY));
        if (random.nextInt(20) == 0) {
            stack.append(';').append(leaf);
        }
        stack.append(';').append(name(7, random.nextInt(VOCABULARY))).append(';').append(leaf);
        return stack.toString();
    }

    private static String name(int level, int id) {
        return "com/acme/layer" + level + "/Service" + (id % 97) + ".method" + id;
    }

    static String folded(Map<String, Long> stacks) {
        StringBuilder out = new StringBuilder();
        stacks.forEach((stack, value) -> out.append(stack).append(' ').append(value).append('\n'));
        return out.toString();
    }
}

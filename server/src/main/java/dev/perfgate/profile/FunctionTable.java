package dev.perfgate.profile;

import java.util.HashMap;
import java.util.Map;

/**
 * Self and total per function (frame name) of one profile. A function that appears several times on one stack
 * (recursion) counts that stack's value once in its total: only its outermost occurrence is added.
 * <p>
 * Self is attributed to code you can change: the self value of a runtime frame (JDK, native, JVM; see
 * {@link RuntimeFrames}) counts for the nearest application frame that called it, so a lock wait shows as
 * {@code ConnectionPool.acquire}, not as {@code libc.so.6.__futex_abstimed_wait_common}, and bytes allocated in
 * {@code java/util/Arrays.copyOf} count for the method that grew the buffer. Runtime frames without an
 * application caller (GC, JIT, idle pool threads) keep their own self. Attribution keeps the sum of self equal
 * to the profile's total.
 */
final class FunctionTable {

    /** Raw self and total of one function. */
    record Entry(String name, long self, long total) {
    }

    private final Map<String, Entry> entries;

    private FunctionTable(Map<String, Entry> entries) {
        this.entries = entries;
    }

    /** Iterative depth-first walk (stacks can be thousands of frames deep) that tracks how often each name is on the path. */
    static FunctionTable of(Profile profile) {
        int nodes = profile.nodeCount();
        int functions = profile.names.length;
        long[] self = new long[functions];
        long[] total = new long[functions];
        boolean[] seen = new boolean[functions];
        int[] onPath = new int[functions];
        boolean[] runtime = new boolean[functions];
        for (int id = 0; id < functions; id++) {
            runtime[id] = RuntimeFrames.isRuntime(profile.names[id]);
        }
        int[] owner = new int[Math.max(nodes, 1)]; // nearest application frame on the path to the node, or -1
        int[] stack = new int[2 * nodes + 1];
        int top = 0;
        if (nodes > 0) {
            for (int child = profile.childEnd[0] - 1; child >= profile.childStart[0]; child--) {
                owner[child] = -1;
                stack[top++] = child;
            }
        }
        while (top > 0) {
            int entry = stack[--top];
            if (entry < 0) {
                onPath[profile.nameId[~entry]]--;
                continue;
            }
            int id = profile.nameId[entry];
            seen[id] = true;
            int appOwner = owner[entry];
            self[appOwner >= 0 && runtime[id] ? appOwner : id] += profile.self[entry];
            int childOwner = runtime[id] ? appOwner : id;
            if (onPath[id]++ == 0) {
                total[id] += profile.total[entry];
            }
            stack[top++] = ~entry;
            for (int child = profile.childEnd[entry] - 1; child >= profile.childStart[entry]; child--) {
                owner[child] = childOwner;
                stack[top++] = child;
            }
        }
        Map<String, Entry> entries = new HashMap<>();
        for (int id = 0; id < functions; id++) {
            if (seen[id]) {
                entries.put(profile.names[id], new Entry(profile.names[id], self[id], total[id]));
            }
        }
        return new FunctionTable(entries);
    }

    Map<String, Entry> entries() {
        return entries;
    }
}

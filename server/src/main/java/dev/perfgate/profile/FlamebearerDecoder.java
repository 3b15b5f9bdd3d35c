package dev.perfgate.profile;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * Decodes the flamebearer JSON that {@code /render} (classic) and {@code /pyroscope/render} (Grafana) return.
 *
 * <p>Each level is a flat array of 4-number groups {@code [x, total, self, nameIndex]}; {@code x} is delta-encoded
 * (offset from the end of the previous node of the same level). A node's parent is the node of the level above whose
 * {@code [x, x + total)} range contains it, so one merge-like pass per level rebuilds the tree.
 */
public final class FlamebearerDecoder {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int GROUP = 4;
    private static final long DEFAULT_SAMPLE_RATE = 100;

    private FlamebearerDecoder() {
    }

    public static Profile decode(String json) throws MalformedProfileException {
        try (JsonParser parser = JSON.createParser(json)) {
            return decode(FlamebearerJson.read(parser));
        } catch (JacksonException e) {
            throw new MalformedProfileException("not flamebearer JSON: " + e.getOriginalMessage());
        }
    }

    public static Profile decode(byte[] json) throws MalformedProfileException {
        try (JsonParser parser = JSON.createParser(json)) {
            return decode(FlamebearerJson.read(parser));
        } catch (JacksonException e) {
            throw new MalformedProfileException("not flamebearer JSON: " + e.getOriginalMessage());
        }
    }

    private static Profile decode(FlamebearerJson json) throws MalformedProfileException {
        FlamebearerJson.Metadata metadata = json.metadata();
        return new TreeBuilder(json.names(), json.levels()).build(quantityOf(metadata),
                metadata.spyName() == null ? "" : metadata.spyName());
    }

    /** Classic reports CPU and wall as samples at {@code sampleRate} Hz; units name what the values count. */
    static Quantity quantityOf(FlamebearerJson.Metadata metadata) {
        String units = metadata.units() == null ? "" : metadata.units();
        long rate = metadata.sampleRate() == null || metadata.sampleRate() <= 0
                ? DEFAULT_SAMPLE_RATE : metadata.sampleRate();
        return switch (units) {
            case "", "samples" -> Quantity.samples(rate);
            case "nanoseconds", "lock_nanoseconds" -> Quantity.nanoseconds();
            case "bytes" -> Quantity.bytes();
            case "objects" -> Quantity.objects();
            default -> Quantity.count();
        };
    }

    /** Turns delta-encoded levels into the flat tree arrays of {@link Profile}; zero-total nodes are dropped. */
    private static final class TreeBuilder {
        private final List<String> rawNames;
        private final long[][] levels;
        private final int[] uniqueId;
        private final String[] names;

        TreeBuilder(List<String> rawNames, long[][] levels) {
            this.rawNames = rawNames;
            this.levels = levels;
            Map<String, Integer> ids = new HashMap<>();
            this.uniqueId = new int[rawNames.size()];
            for (int i = 0; i < rawNames.size(); i++) {
                String name = rawNames.get(i) == null ? "" : rawNames.get(i);
                uniqueId[i] = ids.computeIfAbsent(name, n -> ids.size());
            }
            this.names = new String[ids.size()];
            ids.forEach((name, id) -> names[id] = name);
        }

        Profile build(Quantity quantity, String spyName) throws MalformedProfileException {
            int capacity = 0;
            for (int level = 0; level < levels.length; level++) {
                if (levels[level] == null || levels[level].length % GROUP != 0) {
                    throw new MalformedProfileException("level " + level + " has "
                            + (levels[level] == null ? "no" : levels[level].length)
                            + " values, not a multiple of " + GROUP);
                }
                capacity += levels[level].length / GROUP;
            }
            long[] x = new long[capacity];
            int[] nameId = new int[capacity];
            long[] self = new long[capacity];
            long[] total = new long[capacity];
            int[] childStart = new int[capacity];
            int[] childEnd = new int[capacity];
            Arrays.fill(childStart, -1);
            int count = 0;
            int previousStart = 0;
            for (int level = 0; level < levels.length; level++) {
                int levelStart = count;
                long end = 0;
                long[] values = levels[level];
                for (int i = 0; i < values.length; i += GROUP) {
                    long delta = values[i];
                    long nodeTotal = values[i + 1];
                    long nodeSelf = values[i + 2];
                    long nameIndex = values[i + 3];
                    if (delta < 0 || nodeTotal < 0 || nodeSelf < 0 || nodeSelf > nodeTotal) {
                        throw new MalformedProfileException("level " + level + " node " + i / GROUP
                                + " has impossible values [" + delta + ", " + nodeTotal + ", " + nodeSelf + "]");
                    }
                    if (nameIndex < 0 || nameIndex >= rawNames.size()) {
                        throw new MalformedProfileException("level " + level + " node " + i / GROUP
                                + " refers to name " + nameIndex + " of " + rawNames.size());
                    }
                    long start = end + delta;
                    end = start + nodeTotal;
                    if (nodeTotal == 0) {
                        continue;
                    }
                    x[count] = start;
                    nameId[count] = uniqueId[(int) nameIndex];
                    self[count] = nodeSelf;
                    total[count] = nodeTotal;
                    count++;
                }
                if (level == 0 && count > 1) {
                    throw new MalformedProfileException("level 0 has " + count + " nodes; expected one root");
                }
                if (level > 0) {
                    linkToParents(level, previousStart, levelStart, count, x, total, childStart, childEnd, nameId);
                }
                previousStart = levelStart;
            }
            for (int node = 0; node < count; node++) {
                if (childStart[node] < 0) {
                    childStart[node] = 0;
                    childEnd[node] = 0;
                }
            }
            long numTicks = count == 0 ? 0 : total[0];
            return new Profile(names, Arrays.copyOf(nameId, count), Arrays.copyOf(self, count),
                    Arrays.copyOf(total, count), Arrays.copyOf(childStart, count), Arrays.copyOf(childEnd, count),
                    numTicks, quantity, spyName);
        }

        /** Both levels are sorted by x, so one forward pass over the parents finds every child's container. */
        private void linkToParents(int level, int parentStart, int parentEnd, int childEndExclusive, long[] x,
                                   long[] total, int[] childStart, int[] childEnd, int[] nameId)
                throws MalformedProfileException {
            int parent = parentStart;
            for (int child = parentEnd; child < childEndExclusive; child++) {
                while (parent < parentEnd && x[parent] + total[parent] <= x[child]) {
                    parent++;
                }
                if (parent == parentEnd || x[child] < x[parent] || x[child] + total[child] > x[parent] + total[parent]) {
                    throw new MalformedProfileException("node '" + names[nameId[child]] + "' at level " + level
                            + " (x " + x[child] + ", total " + total[child] + ") lies outside every node of level "
                            + (level - 1));
                }
                if (childStart[parent] < 0) {
                    childStart[parent] = child;
                }
                childEnd[parent] = child + 1;
            }
        }
    }
}

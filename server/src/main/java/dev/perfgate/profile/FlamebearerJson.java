package dev.perfgate.profile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * The parts of a flamebearer answer PerfGate uses, read with a streaming parser: levels can hold millions of numbers,
 * so they go straight into primitive arrays.
 */
record FlamebearerJson(List<String> names, long[][] levels, Metadata metadata) {

    /** The {@code metadata} object; absent fields are null. */
    record Metadata(String format, Long sampleRate, String spyName, String units) {
    }

    /** Reads names, levels and metadata; everything else (timeline, groups, heatmap) is skipped. */
    static FlamebearerJson read(JsonParser parser) throws MalformedProfileException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new MalformedProfileException("not flamebearer JSON: the answer is not a JSON object");
        }
        FlamebearerJson flamebearer = null;
        Metadata metadata = new Metadata(null, null, null, null);
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            if (field.equals("flamebearer") && value == JsonToken.START_OBJECT) {
                flamebearer = readFlamebearer(parser);
            } else if (field.equals("metadata") && value == JsonToken.START_OBJECT) {
                metadata = readMetadata(parser);
            } else {
                parser.skipChildren();
            }
        }
        if (flamebearer == null) {
            throw new MalformedProfileException("no 'flamebearer' object in the response");
        }
        if (metadata.format() != null && !metadata.format().equals("single")) {
            throw new MalformedProfileException("format '" + metadata.format() + "' is not a single profile");
        }
        return new FlamebearerJson(flamebearer.names(), flamebearer.levels(), metadata);
    }

    /** An empty result may come with null names and levels. */
    private static FlamebearerJson readFlamebearer(JsonParser parser) throws MalformedProfileException {
        List<String> names = List.of();
        long[][] levels = new long[0][];
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (field) {
                case "names" -> names = isArray(field, value) ? readNames(parser) : names;
                case "levels" -> levels = isArray(field, value) ? readLevels(parser) : levels;
                default -> parser.skipChildren();
            }
        }
        return new FlamebearerJson(names, levels, null);
    }

    /** Whether the value of an array field is one: true for an array, false for null, malformed for anything else. */
    private static boolean isArray(String field, JsonToken value) throws MalformedProfileException {
        if (value != JsonToken.START_ARRAY && value != JsonToken.VALUE_NULL) {
            throw new MalformedProfileException("'" + field + "' is not an array");
        }
        return value == JsonToken.START_ARRAY;
    }

    private static List<String> readNames(JsonParser parser) throws MalformedProfileException {
        List<String> names = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (token != JsonToken.VALUE_STRING && token != JsonToken.VALUE_NULL) {
                throw new MalformedProfileException("name " + names.size() + " is not a string");
            }
            names.add(token == JsonToken.VALUE_NULL ? "" : parser.getString());
        }
        return names;
    }

    private static long[][] readLevels(JsonParser parser) throws MalformedProfileException {
        List<long[]> levels = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (token != JsonToken.START_ARRAY) {
                throw new MalformedProfileException("level " + levels.size() + " is not an array");
            }
            long[] values = new long[64];
            int size = 0;
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                if (token != JsonToken.VALUE_NUMBER_INT) {
                    throw new MalformedProfileException("level " + levels.size() + " holds a non-integer: "
                            + parser.getString());
                }
                if (size == values.length) {
                    values = Arrays.copyOf(values, size * 2);
                }
                values[size++] = parser.getLongValue();
            }
            levels.add(Arrays.copyOf(values, size));
        }
        return levels.toArray(long[][]::new);
    }

    private static Metadata readMetadata(JsonParser parser) {
        String format = null;
        Long sampleRate = null;
        String spyName = null;
        String units = null;
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (field) {
                case "format" -> format = value == JsonToken.VALUE_STRING ? parser.getString() : null;
                case "sampleRate" -> sampleRate = value == JsonToken.VALUE_NUMBER_INT ? parser.getLongValue() : null;
                case "spyName" -> spyName = value == JsonToken.VALUE_STRING ? parser.getString() : null;
                case "units" -> units = value == JsonToken.VALUE_STRING ? parser.getString() : null;
                default -> parser.skipChildren();
            }
        }
        return new Metadata(format, sampleRate, spyName, units);
    }
}

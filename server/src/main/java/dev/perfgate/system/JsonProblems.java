package dev.perfgate.system;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * Says what is wrong with a JSON value in the words of the API's fields, not of the server's classes: "at
 * global.count: expected a whole number, got 3000.5".
 */
public final class JsonProblems {

    /** Jackson's words for a scalar it would not convert: {@code Cannot coerce String value ("150") to …}. */
    private static final Pattern COERCED = Pattern.compile("^Cannot coerce \\w[\\w ]* value \\((.*)\\) to ");

    private JsonProblems() {
    }

    /** The field's path (e.g. {@code requests[2].p99Ms}), empty for the document itself. */
    public static String path(JacksonException e) {
        return e.getPath().stream()
                .map(ref -> ref.getPropertyName() != null ? ref.getPropertyName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
    }

    /** {@code what}, the path when there is one and what is wrong: "Invalid value at global.count: expected …". */
    public static String describe(String what, JacksonException e) {
        String path = path(e);
        return what + (path.isEmpty() ? "" : " at " + path) + ": " + reason(e);
    }

    private static String reason(JacksonException e) {
        if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            String expected = expected(mismatch.getTargetType());
            Object value = e instanceof InvalidFormatException format ? format.getValue() : null;
            Matcher coerced = COERCED.matcher(e.getOriginalMessage());
            if (value == null && coerced.find()) {
                value = coerced.group(1).startsWith("\"") ? coerced.group(1).substring(1, coerced.group(1).length() - 1)
                        : coerced.group(1);
            }
            if (expected != null && value != null) {
                return "expected " + expected + ", got " + shown(value);
            }
        }
        return e.getOriginalMessage()
                .replaceAll("\\s*\\((?:but |set `DeserializationFeature)[^)]*\\)", "")
                .replaceAll("\\s*\\(start marker at \\[Source:[^)]*\\)", "")
                .replaceAll("\\s*at \\[Source:.*", "")
                .replaceAll("`(?:[a-z]\\w*\\.)+([A-Z][\\w$]*)`", "$1")
                .replace("`", "");
    }

    private static String expected(Class<?> type) {
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class || type == short.class
                || type == Short.class) {
            return "a whole number";
        }
        if (type == double.class || type == float.class || type == Double.class || type == Float.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        return null;
    }

    private static String shown(Object value) {
        String text = value instanceof String s ? "the string \"" + s + "\"" : String.valueOf(value);
        return text.length() > 80 ? text.substring(0, 77) + "..." : text;
    }
}

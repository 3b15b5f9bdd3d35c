package dev.perfgate.trigger;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import lombok.AccessLevel;
import lombok.Getter;
import lombok.experimental.Accessors;

/**
 * Reads Gatling's periodic console summary line by line (Gatling 3.10+ layout): the seconds elapsed and the
 * global request counters. Pure; one instance per run, fed every line the load process prints.
 *
 * <pre>
 * 2026-01-01 12:00:05 GMT                                               5s elapsed
 * ---- Requests ---------------------------------------|---Total---|-----OK----|----KO----
 * &gt; Global                                             |     1,024 |     1,020 |         4
 * </pre>
 */
@Getter(AccessLevel.PACKAGE)
@Accessors(fluent = true)
final class GatlingConsole {

    private static final Pattern ELAPSED = Pattern.compile("\\b(\\d+)s elapsed\\s*$");
    private static final Pattern GLOBAL = Pattern.compile(
            "^> Global\\s*\\|\\s*([\\d,]+)\\s*\\|\\s*([\\d,]+)\\s*\\|\\s*([\\d,]+)\\s*$");

    private long elapsedSeconds;
    private long requests;
    private long errors;

    /** Takes one line of output; true when it changed what is known. */
    boolean accept(String line) {
        Matcher elapsed = ELAPSED.matcher(line);
        if (elapsed.find()) {
            elapsedSeconds = Long.parseLong(elapsed.group(1));
            return true;
        }
        Matcher global = GLOBAL.matcher(line.strip());
        if (global.matches()) {
            requests = number(global.group(1));
            errors = number(global.group(3));
            return true;
        }
        return false;
    }

    /** Gatling groups thousands with commas: "1,227". */
    private static long number(String text) {
        return Long.parseLong(text.replace(",", ""));
    }
}

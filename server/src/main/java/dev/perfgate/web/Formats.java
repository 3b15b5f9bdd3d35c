package dev.perfgate.web;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import dev.perfgate.definition.Numbers;

/** Numbers, times and durations as the pages show them: the verdict's own number style, times in UTC. */
final class Formats {

    static final String NONE = "–";
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private Formats() {
    }

    /** "51.12", "1,024", or a dash for no value. */
    static String number(Double value) {
        return value == null ? NONE : Numbers.format(value);
    }

    /** "51.12 %", "260 ms", "512 MB": the unit as the definition writes it. */
    static String withUnit(Double value, String unit) {
        if (value == null) {
            return NONE;
        }
        return Numbers.format(value) + (unit == null || unit.isBlank() ? "" : " " + unit);
    }

    /** A signed change with its unit: "+32.6 %" for percents, "+5 ms". */
    static String signed(Double value, String unit) {
        if (value == null) {
            return NONE;
        }
        return Numbers.signed(value) + (unit == null || unit.isBlank() ? "" : " " + unit);
    }

    /** A relative change: "+176 %", "-3.27 %". */
    static String change(Double percent) {
        if (percent == null) {
            return NONE;
        }
        return percent == 0 ? "0 %" : Numbers.percent(percent) + " %";
    }

    /** The relative change from {@code before} to {@code after}, or null when it has no meaning. */
    static Double changeOf(Double before, Double after) {
        if (before == null || after == null || before == 0) {
            return null;
        }
        return 100 * (after - before) / Math.abs(before);
    }

    static String when(Instant instant) {
        return instant == null ? NONE : WHEN.format(instant);
    }

    /** "12 s ago", "5 min ago", "3 h ago", "4 days ago". */
    static String ago(Instant instant, Instant now) {
        if (instant == null) {
            return NONE;
        }
        long seconds = Math.max(0, Duration.between(instant, now).toSeconds());
        if (seconds < 60) {
            return seconds + " s ago";
        }
        if (seconds < 3600) {
            return seconds / 60 + " min ago";
        }
        if (seconds < 86_400) {
            return seconds / 3600 + " h ago";
        }
        long days = seconds / 86_400;
        return days + (days == 1 ? " day ago" : " days ago");
    }

    /** "45 s", "2 min 05 s", "1 h 02 min". */
    static String duration(Instant from, Instant until) {
        if (from == null || until == null) {
            return NONE;
        }
        return duration(Duration.between(from, until));
    }

    static String duration(Duration duration) {
        long seconds = Math.max(0, duration.toSeconds());
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return String.format(Locale.ROOT, "%d min %02d s", seconds / 60, seconds % 60);
        }
        return String.format(Locale.ROOT, "%d h %02d min", seconds / 3600, (seconds % 3600) / 60);
    }

    /** A verdict or check status as a CSS modifier: "fail", "pass", "pending". */
    static String css(String status) {
        return status == null ? "none" : status.toLowerCase(Locale.ROOT);
    }
}

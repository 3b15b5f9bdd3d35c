package dev.perfgate.results;

import java.util.ArrayList;
import java.util.List;

import org.springframework.http.HttpStatus;
import tools.jackson.databind.JsonNode;

import dev.perfgate.system.ApiException;

/**
 * Reads a Gatling 3.12-style {@code js/stats.json} (the last version that wrote one): the global
 * group and every request, descending into groups. Counts are Gatling's total/ok/ko; latencies
 * are the "ok" column. Its percentiles are the four configured in Gatling (50, 75, 95, 99 by
 * default): the others stay null. The file covers the whole run, ramp-up included.
 * Checked like the PerfGate format: counts are whole numbers >= 0 with ok + ko = total, every
 * number is finite and >= 0, and a file holds at most as many requests as a run's results may.
 */
final class GatlingStatsJson {

    private GatlingStatsJson() {
    }

    static boolean looksLike(JsonNode root) {
        return root.isObject() && root.has("stats") && root.has("contents") && root.has("type");
    }

    static RequestStats global(JsonNode root) {
        return stats("All Requests", root.path("stats"));
    }

    /** Every request, groups flattened into "group / request"; a 413 past {@code max} requests. */
    static List<RequestStats> requests(JsonNode root, int max) {
        List<RequestStats> requests = new ArrayList<>();
        collect(root.path("contents"), "", requests, max);
        return requests;
    }

    private static void collect(JsonNode contents, String prefix, List<RequestStats> into, int max) {
        for (JsonNode node : contents.values()) {
            String name = prefix + node.path("name").asString("");
            if ("GROUP".equals(node.path("type").asString(""))) {
                // a group's own statistics are not stored, but impossible numbers in them still refuse the file
                if (node.path("stats").isObject()) {
                    checkEveryNumber(node.path("stats"), "stats", name);
                }
                collect(node.path("contents"), name + " / ", into, max);
            } else {
                if (into.size() >= max) {
                    throw new ApiException(HttpStatus.CONTENT_TOO_LARGE, "Gatling stats.json: contents holds more than "
                            + max + " requests; a run's results hold at most " + max + " (perfgate.results.max-requests)");
                }
                into.add(stats(name, node.path("stats")));
            }
        }
    }

    private static RequestStats stats(String name, JsonNode s) {
        if (s.isMissingNode() || !s.isObject()) {
            throw ApiException.badRequest("Gatling stats.json: '" + name + "' has no stats object");
        }
        long total = count(s, "numberOfRequests", "total", name);
        long ok = count(s, "numberOfRequests", "ok", name);
        long ko = count(s, "numberOfRequests", "ko", name);
        if (ok + ko != total) {
            throw ApiException.badRequest("Gatling stats.json: '" + name + "' stats.numberOfRequests: ok (" + ok
                    + ") + ko (" + ko + ") must equal total (" + total + ")");
        }
        checkEveryNumber(s, "stats", name);
        boolean anyOk = ok > 0;
        RequestStats stats = new RequestStats(name, total, ok, ko, total == 0 ? null : 100.0 * ko / total,
                anyOk ? number(s, "minResponseTime", name) : null,
                anyOk ? number(s, "meanResponseTime", name) : null,
                anyOk ? number(s, "maxResponseTime", name) : null,
                anyOk ? percentile(s, 50, name) : null,
                anyOk ? percentile(s, 75, name) : null,
                anyOk ? percentile(s, 90, name) : null,
                anyOk ? percentile(s, 95, name) : null,
                anyOk ? percentile(s, 99, name) : null,
                anyOk ? percentile(s, 99.9, name) : null,
                number(s, "meanNumberOfRequestsPerSecond", "total", name));
        StatsRules.check("Gatling stats.json: '" + name + "'", stats);
        return stats;
    }

    /** Gatling names its four percentiles percentiles1..4 and states which they are only in its config; the defaults are 50, 75, 95, 99. */
    private static Double percentile(JsonNode s, double p, String name) {
        String key = p == 50 ? "percentiles1" : p == 75 ? "percentiles2" : p == 95 ? "percentiles3" : p == 99 ? "percentiles4" : null;
        return key == null ? null : number(s, key, name);
    }

    /** A latency: the "ok" column when the field has columns. */
    private static Double number(JsonNode s, String field, String name) {
        JsonNode node = s.path(field);
        return node.isObject() ? number(s, field, "ok", name) : checked(value(node), "stats." + field, name);
    }

    private static Double number(JsonNode s, String field, String column, String name) {
        return checked(value(s.path(field).path(column)), "stats." + field + "." + column, name);
    }

    /** Every number in the stats object, read or not (e.g. the "ko" columns), is finite and >= 0. */
    private static void checkEveryNumber(JsonNode node, String path, String name) {
        if (node.isObject()) {
            for (var field : node.properties()) {
                checkEveryNumber(field.getValue(), path + "." + field.getKey(), name);
            }
        } else if (node.isNumber() || node.isString() && !path.endsWith("name") && !path.endsWith("htmlName")) {
            checked(value(node), path, name);
        }
    }

    private static Double checked(Double value, String field, String name) {
        if (value != null && (value.isNaN() || value.isInfinite() || value < 0)) {
            throw ApiException.badRequest("Gatling stats.json: '" + name + "' " + field
                    + " must be a finite number >= 0 (was " + value + ")");
        }
        return value;
    }

    private static long count(JsonNode s, String field, String column, String name) {
        Double value = value(s.path(field).path(column));
        if (value == null) {
            throw ApiException.badRequest("Gatling stats.json: '" + name + "' has no stats." + field + "." + column);
        }
        if (value.isNaN() || value.isInfinite() || value < 0 || value != Math.rint(value) || value > 1e15) {
            throw ApiException.badRequest("Gatling stats.json: '" + name + "' stats." + field + "." + column
                    + " must be a whole number >= 0 (was " + value + ")");
        }
        return value.longValue();
    }

    /** Gatling writes numbers as JSON numbers or as strings, and "-" where there is none. */
    private static Double value(JsonNode node) {
        if (node.isNumber()) {
            return node.doubleValue();
        }
        if (node.isString()) {
            String text = node.stringValue().trim();
            if (text.isEmpty() || text.equals("-")) {
                return null;
            }
            try {
                return Double.parseDouble(text);
            } catch (NumberFormatException e) {
                throw ApiException.badRequest("Gatling stats.json: '" + text + "' is not a number");
            }
        }
        return null;
    }
}

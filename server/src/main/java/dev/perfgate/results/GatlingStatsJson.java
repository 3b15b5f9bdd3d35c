package dev.perfgate.results;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;

import dev.perfgate.system.ApiException;

/**
 * Reads a Gatling 3.12-style {@code js/stats.json} (the last version that wrote one): the global
 * group and every request, descending into groups. Counts are Gatling's total/ok/ko; latencies
 * are the "ok" column. Its percentiles are the four configured in Gatling (50, 75, 95, 99 by
 * default): the others stay null. The file covers the whole run, ramp-up included.
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

    static List<RequestStats> requests(JsonNode root) {
        List<RequestStats> requests = new ArrayList<>();
        collect(root.path("contents"), "", requests);
        return requests;
    }

    private static void collect(JsonNode contents, String prefix, List<RequestStats> into) {
        for (JsonNode node : contents.values()) {
            String name = prefix + node.path("name").asString("");
            if ("GROUP".equals(node.path("type").asString(""))) {
                collect(node.path("contents"), name + " / ", into);
            } else {
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
        boolean anyOk = ok > 0;
        return new RequestStats(name, total, ok, ko, total == 0 ? 0.0 : 100.0 * ko / total,
                anyOk ? number(s, "minResponseTime") : null,
                anyOk ? number(s, "meanResponseTime") : null,
                anyOk ? number(s, "maxResponseTime") : null,
                anyOk ? percentile(s, 50) : null,
                anyOk ? percentile(s, 75) : null,
                anyOk ? percentile(s, 90) : null,
                anyOk ? percentile(s, 95) : null,
                anyOk ? percentile(s, 99) : null,
                anyOk ? percentile(s, 99.9) : null,
                number(s.path("meanNumberOfRequestsPerSecond"), "total"));
    }

    /** Gatling names its four percentiles percentiles1..4 and states which they are only in its config; the defaults are 50, 75, 95, 99. */
    private static Double percentile(JsonNode s, double p) {
        String key = p == 50 ? "percentiles1" : p == 75 ? "percentiles2" : p == 95 ? "percentiles3" : p == 99 ? "percentiles4" : null;
        return key == null ? null : number(s, key);
    }

    private static Double number(JsonNode s, String field) {
        JsonNode node = s.path(field);
        return node.isObject() ? number(node, "ok") : value(node);
    }

    private static long count(JsonNode s, String field, String column, String name) {
        Double value = value(s.path(field).path(column));
        if (value == null) {
            throw ApiException.badRequest("Gatling stats.json: '" + name + "' has no " + field + "." + column);
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

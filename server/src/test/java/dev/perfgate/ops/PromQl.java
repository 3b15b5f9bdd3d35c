package dev.perfgate.ops;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names a PromQL expression reads, by a small tokenizer: strings, label matchers,
 * ranges, numbers, Grafana variables, functions, aggregations, keywords and label lists are
 * skipped; every other identifier is a metric name. Good for dashboards, not a full parser.
 */
final class PromQl {

    private static final Set<String> LABEL_LISTS = Set.of("by", "without", "on", "ignoring", "group_left", "group_right");
    private static final Set<String> KEYWORDS = Set.of("bool", "and", "or", "unless", "offset", "inf", "nan", "atan2");
    private static final Set<String> AGGREGATIONS = Set.of("sum", "avg", "min", "max", "count", "stddev", "stdvar",
            "topk", "bottomk", "quantile", "count_values", "group", "limitk", "limit_ratio");
    private static final Pattern NAME_MATCHER = Pattern.compile("__name__\\s*=\\s*\"([^\"]+)\"");
    private static final Pattern LABEL_VALUES = Pattern.compile("^\\s*label_values\\s*\\((.*),\\s*[a-zA-Z_][a-zA-Z0-9_]*\\s*\\)\\s*$", Pattern.DOTALL);
    private static final Pattern QUERY_RESULT = Pattern.compile("^\\s*query_result\\s*\\((.*)\\)\\s*$", Pattern.DOTALL);

    private PromQl() {
    }

    /** The metric names an expression selects. */
    static Set<String> metricNames(String expr) {
        Set<String> names = new LinkedHashSet<>();
        int i = 0;
        int n = expr.length();
        while (i < n) {
            char c = expr.charAt(i);
            if (c == '"' || c == '\'' || c == '`') {
                i = skipString(expr, i);
            } else if (c == '{') {
                int end = skipBlock(expr, i, '{', '}');
                Matcher m = NAME_MATCHER.matcher(expr.substring(i, end));
                while (m.find()) {
                    names.add(m.group(1));
                }
                i = end;
            } else if (c == '[') {
                i = skipBlock(expr, i, '[', ']');
            } else if (c == '#') {
                while (i < n && expr.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '$') {
                i = skipVariable(expr, i + 1);
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(expr.charAt(i + 1)))) {
                while (i < n && (Character.isLetterOrDigit(expr.charAt(i)) || expr.charAt(i) == '.' || expr.charAt(i) == '_')) {
                    i++;
                }
            } else if (Character.isLetter(c) || c == '_' || c == ':') {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(expr.charAt(i)) || expr.charAt(i) == '_' || expr.charAt(i) == ':')) {
                    i++;
                }
                String word = expr.substring(start, i);
                int next = skipSpace(expr, i);
                char after = next < n ? expr.charAt(next) : 0;
                if (LABEL_LISTS.contains(word)) {
                    if (after == '(') {
                        i = skipBlock(expr, next, '(', ')');
                    }
                } else if (KEYWORDS.contains(word) || after == '(' || AGGREGATIONS.contains(word)) {
                    continue; // a keyword, a function or an aggregation: not a metric
                } else {
                    names.add(word);
                }
            } else {
                i++;
            }
        }
        return names;
    }

    /** The metric names a Grafana Prometheus variable query reads: label_values(expr, label), query_result(expr). */
    static Set<String> variableMetricNames(String query) {
        Matcher values = LABEL_VALUES.matcher(query);
        if (values.matches()) {
            return metricNames(values.group(1));
        }
        Matcher result = QUERY_RESULT.matcher(query);
        if (result.matches()) {
            return metricNames(result.group(1));
        }
        return Set.of(); // label_names(), label_values(label), metrics(regex): no metric to check
    }

    private static int skipString(String s, int i) {
        char quote = s.charAt(i);
        i++;
        while (i < s.length() && s.charAt(i) != quote) {
            i += s.charAt(i) == '\\' && quote != '`' ? 2 : 1;
        }
        return Math.min(i + 1, s.length());
    }

    private static int skipBlock(String s, int i, char open, char close) {
        int depth = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'' || c == '`') {
                i = skipString(s, i);
                continue;
            }
            if (c == open) {
                depth++;
            } else if (c == close && --depth == 0) {
                return i + 1;
            }
            i++;
        }
        return i;
    }

    private static int skipVariable(String s, int i) {
        if (i < s.length() && s.charAt(i) == '{') {
            return skipBlock(s, i, '{', '}');
        }
        while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
            i++;
        }
        return i;
    }

    private static int skipSpace(String s, int i) {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }
}

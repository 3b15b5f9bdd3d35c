package dev.perfgate.definition;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.serialization.node.LocationJsonNodeFactoryFactory;
import com.networknt.schema.utils.JsonNodes;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a checks/ YAML file: YAML syntax, then the published JSON Schema, then the rules the
 * schema cannot say (one value source per check, units, unique ids, a Prometheus for PromQL
 * checks). Every problem names the file and line.
 */
public final class DefinitionParser {

    /** A file read: the definition, or the problems that kept it from being one. */
    public record Result(GateDefinition definition, List<Problem> problems) {
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    public static final String SCHEMA_RESOURCE = "/dev/perfgate/definition/checks.schema.json";

    /** A key given twice in one mapping is a problem (Jackson would keep the last value, silently). */
    private static final YAMLMapper YAML = YAMLMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final Schema SCHEMA = loadSchema();

    /** The file read; no problem message quotes a URL's password or secret parameter (see {@link SecretUrls}). */
    public Result parse(String file, String text) {
        Result result = read(file, text);
        if (result.ok()) {
            return result;
        }
        return new Result(null, result.problems().stream()
                .map(p -> new Problem(p.file(), p.line(), SecretUrls.mask(p.message()))).toList());
    }

    private Result read(String file, String text) {
        JsonNode root;
        try {
            root = JsonNodes.readTree(YAML, text, LocationJsonNodeFactoryFactory.getInstance());
        } catch (JacksonException e) {
            TokenStreamLocation at = e.getLocation();
            return failed(new Problem(file, at == null ? 0 : at.getLineNr(), "not valid YAML: " + e.getOriginalMessage()));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            return failed(new Problem(file, 1, "the file is empty"));
        }
        List<Problem> problems = new ArrayList<>();
        for (Error error : SCHEMA.validate(root)) {
            JsonNode at = error.getInstanceNode();
            if (error.getProperty() != null && at != null && at.has(error.getProperty())) {
                at = at.get(error.getProperty());
            }
            problems.add(new Problem(file, line(at), describe(error)));
        }
        if (!problems.isEmpty()) {
            return new Result(null, problems);
        }
        return build(file, root, text);
    }

    private Result build(String file, JsonNode root, String text) {
        List<Problem> problems = new ArrayList<>();
        List<GateDefinition.Credential> credentials = new ArrayList<>();
        Map<String, String> environmentUrls = new LinkedHashMap<>();
        Map<String, GateDefinition.Pyroscope> environmentPyroscopes = new LinkedHashMap<>();
        root.path("environmentSettings").properties().forEach(e -> {
            String url = url(e.getValue().path("prometheus"), credentials);
            if (url != null) {
                environmentUrls.put(e.getKey(), url);
            }
            if (e.getValue().has("pyroscope")) {
                environmentPyroscopes.put(e.getKey(), pyroscope(e.getValue().path("pyroscope"), credentials));
            }
        });
        GateDefinition.Pyroscope pyroscope = root.has("pyroscope") ? pyroscope(root.path("pyroscope"), credentials) : null;
        String prometheusUrl = url(root.path("prometheus"), credentials);
        List<String> environments = strings(root.path("environments"));
        List<CheckDefinition> checks = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        Map<String, String> idByName = new HashMap<>();
        for (JsonNode node : root.path("checks")) {
            String id = node.path("id").asString();
            int line = line(node);
            if (!ids.add(id)) {
                problems.add(new Problem(file, line, "check id '" + id + "' is used twice"));
                continue;
            }
            String name = node.path("name").asString(id);
            String sameName = idByName.putIfAbsent(name, id);
            if (sameName != null) {
                problems.add(new Problem(file, line, "check '" + id + "': the name '" + name + "' is also check '" + sameName
                        + "''s, so their verdict messages could not be told apart: give each check its own name"));
                continue;
            }
            try {
                CheckDefinition check = check(node);
                if (readsPrometheus(check.source()) && prometheusUrl == null
                        && (environmentUrls.isEmpty() || !environmentUrls.keySet().containsAll(environments) || environments.isEmpty())) {
                    throw new IllegalArgumentException("reads Prometheus, but no prometheus.url is set for every environment"
                            + " (give prometheus.url, or environmentSettings.<env>.prometheus.url for each of 'environments')");
                }
                if (check.source() instanceof ValueSource.Profile && pyroscope == null && environmentPyroscopes.isEmpty()) {
                    throw new IllegalArgumentException("reads a profile, but no pyroscope target is set");
                }
                checks.add(check);
            } catch (IllegalArgumentException e) {
                problems.add(new Problem(file, line, "check '" + id + "': " + e.getMessage()));
            }
        }
        if (root.has("processStart") && prometheusUrl == null && environmentUrls.isEmpty()) {
            problems.add(new Problem(file, line(root.path("processStart")),
                    "processStart reads Prometheus, but no prometheus.url is set"));
        }
        if (!problems.isEmpty()) {
            return new Result(null, problems);
        }
        JsonNode baseline = root.path("baseline");
        JsonNode validity = root.path("validity");
        GateDefinition definition = new GateDefinition(file, root.path("system").asString(),
                strings(root.path("workloads")), environments, prometheusUrl, environmentUrls,
                GateDefinition.BaselineStrategy.valueOf(baseline.path("strategy").asString("median").toUpperCase()),
                baseline.path("runs").asInt(5), root.path("noise").path("runs").asInt(10),
                GateDefinition.InconclusivePolicy.valueOf(root.path("inconclusive").asString("fail").toUpperCase()),
                new GateDefinition.Validity(
                        validity.has("minRequests") ? validity.path("minRequests").asLong() : null,
                        validity.has("minThroughputRps") ? validity.path("minThroughputRps").asDouble() : null,
                        validity.has("maxErrorPct") ? validity.path("maxErrorPct").asDouble() : null,
                        validity.has("minDurationSeconds") ? validity.path("minDurationSeconds").asDouble() : null),
                List.copyOf(checks), sha256(text).substring(0, 12), pyroscope, environmentPyroscopes,
                root.has("cost") ? new GateDefinition.Cost(root.path("cost").path("pricePerCoreHour").asDouble(),
                        root.path("cost").path("currency").asString("USD")) : null, List.copyOf(credentials),
                duration(root.path("warmup").asString("0s")),
                root.has("processStart") ? root.path("processStart").asString() : null);
        return new Result(definition, List.of());
    }

    /** "60s", "1.5m", "500ms" (the schema checked the form). */
    static Duration duration(String text) {
        String number = text.replaceAll("[a-z]+$", "");
        double amount = Double.parseDouble(number);
        String unit = text.substring(number.length());
        double millis = switch (unit) {
            case "ms" -> amount;
            case "s" -> amount * 1_000;
            case "m" -> amount * 60_000;
            default -> throw new IllegalArgumentException("unknown duration unit: " + text);
        };
        return Duration.ofMillis(Math.round(millis));
    }

    private static CheckDefinition check(JsonNode node) {
        List<String> sources = new ArrayList<>();
        for (String field : List.of("results", "prometheus", "measure", "efficiency", "profile")) {
            if (node.has(field)) {
                sources.add(field);
            }
        }
        if (sources.size() != 1) {
            throw new IllegalArgumentException(sources.isEmpty()
                    ? "give one value source: results, prometheus, measure, efficiency or profile"
                    : "give only one value source, not " + String.join(" and ", sources));
        }
        ValueSource source = source(sources.get(0), node.path(sources.get(0)));
        // a statistic of the results has its unit: another would only relabel the number (150 ms shown as 150 s)
        if (node.has("unit") && source instanceof ValueSource.Results results
                && !node.path("unit").asString().equalsIgnoreCase(results.unit())) {
            throw new IllegalArgumentException("the results statistic '" + results.stat() + "' is in " + results.unit()
                    + ", not '" + node.path("unit").asString() + "': leave 'unit' out"
                    + (results.statistic().latency() ? " (a rule may still be written in s, e.g. '< 0.5s')" : ""));
        }
        String unit = node.has("unit") ? node.path("unit").asString()
                : source instanceof ValueSource.Results results ? results.unit() : null;
        Rule requirement = node.has("requirement") ? Rule.parse(node.path("requirement").asString(), false) : null;
        Rule growth = node.has("growth") ? Rule.parse(node.path("growth").asString(), true) : null;
        if (requirement == null && growth == null) {
            throw new IllegalArgumentException("give a requirement (e.g. '< 50'), a growth rule (e.g. '<= +10%') or both");
        }
        checkUnit(requirement, unit);
        if (growth != null && !growth.percent()) {
            checkUnit(growth, unit);
        }
        String severity = node.path("severity").asString("fail").toUpperCase();
        String id = node.path("id").asString();
        return new CheckDefinition(id, node.path("name").asString(id), unit, source, requirement, growth,
                node.path("floor").asDouble(0), CheckDefinition.Severity.valueOf(severity),
                node.path("key").asBoolean(false), sha256(sources.get(0) + ":" + node.path(sources.get(0)) + "|" + unit).substring(0, 12),
                expect(node.path("expect"), unit));
    }

    /** What a real reading looks like: one requirement-style rule or a list of them ({@code "> 0"}, {@code ["> 0", "<= 800"]}). */
    private static List<Rule> expect(JsonNode node, String unit) {
        if (node.isMissingNode() || node.isNull()) {
            return List.of();
        }
        List<Rule> rules = new ArrayList<>();
        for (JsonNode rule : node.isArray() ? node : List.of(node)) {
            Rule parsed = Rule.parse(rule.asString(), false);
            checkUnit(parsed, unit);
            rules.add(parsed);
        }
        return rules;
    }

    private static ValueSource source(String kind, JsonNode node) {
        return switch (kind) {
            case "results" -> {
                String pattern = node.path("requestPattern").asString(null);
                if (pattern != null && node.has("request")) {
                    throw new IllegalArgumentException("results: give request or requestPattern, not both");
                }
                if (pattern != null) {
                    try {
                        Pattern.compile(pattern);
                    } catch (PatternSyntaxException e) {
                        throw new IllegalArgumentException("requestPattern '" + pattern + "' is not a valid regex: " + e.getDescription());
                    }
                }
                yield new ValueSource.Results(node.path("request").asString(null), pattern, node.path("stat").asString());
            }
            case "prometheus" -> new ValueSource.Prometheus(node.path("query").asString(), node.path("aggregate").asString("avg"));
            case "measure" -> new ValueSource.Measure(node.asString());
            case "profile" -> {
                String measure = node.path("measure").asString();
                boolean needsFunction = measure.equals("selfShare");
                if (needsFunction != node.has("function")) {
                    throw new IllegalArgumentException(needsFunction ? "profile measure selfShare needs a function"
                            : "profile: 'function' goes only with measure selfShare");
                }
                if (node.has("frames") && !measure.startsWith("total") && !measure.equals("maxSelfShareGrowth")) {
                    throw new IllegalArgumentException(
                            "profile: 'frames' goes only with measure totalPerRequest, totalPerSecond or maxSelfShareGrowth");
                }
                yield new ValueSource.Profile(node.path("type").asString(), measure, node.path("function").asString(null),
                        node.path("frames").asString(null));
            }
            case "efficiency" -> {
                boolean measure = node.has("measure");
                boolean prometheus = node.has("prometheus");
                if (measure == prometheus) {
                    throw new IllegalArgumentException("efficiency: give the rate as measure or as prometheus (one of them)");
                }
                ValueSource rate = measure ? new ValueSource.Measure(node.path("measure").asString())
                        : source("prometheus", node.path("prometheus"));
                yield new ValueSource.Efficiency(rate, node.path("per").asDouble());
            }
            default -> throw new IllegalArgumentException("unknown source " + kind);
        };
    }

    /**
     * A target's URL without secrets; its credentials (auth, or what the URL held) go to {@code credentials}, so that
     * the definition shows only secret-free URLs and the outbound client alone adds them.
     */
    private static String url(JsonNode target, List<GateDefinition.Credential> credentials) {
        String written = target.path("url").asString(null);
        if (written == null) {
            return null;
        }
        SecretUrls.Split split = SecretUrls.split(written);
        JsonNode auth = target.path("auth");
        JsonNode basic = auth.path("basic");
        if (split.hasSecrets() || !auth.isMissingNode()) {
            credentials.add(new GateDefinition.Credential(split.url(), basic.path("username").asString(split.username()),
                    split.password(), basic.path("passwordEnv").asString(null), basic.path("passwordFile").asString(null),
                    auth.path("bearerTokenEnv").asString(null), auth.path("bearerTokenFile").asString(null),
                    split.secretParameters()));
        }
        return split.url();
    }

    private static GateDefinition.Pyroscope pyroscope(JsonNode node, List<GateDefinition.Credential> credentials) {
        Map<String, String> labels = new LinkedHashMap<>();
        node.path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asString()));
        Map<String, String> names = new LinkedHashMap<>();
        node.path("profileNames").properties().forEach(e -> names.put(e.getKey(), e.getValue().asString()));
        List<String> profiles = strings(node.path("profiles"));
        String uiUrl = node.path("uiUrl").asString(null);
        return new GateDefinition.Pyroscope(url(node, credentials), node.path("dialect").asString("classic"),
                uiUrl == null ? null : SecretUrls.split(uiUrl).url(), node.path("application").asString(), Map.copyOf(labels),
                node.path("runLabel").asString(null), profiles.isEmpty() ? List.of("cpu") : profiles, Map.copyOf(names),
                node.path("uploadIntervalSeconds").asInt(10), node.path("topN").asInt(20));
    }

    private static void checkUnit(Rule rule, String unit) {
        if (rule == null || rule.unit() == null || rule.percent()) {
            return;
        }
        if (unit == null || !unit.equalsIgnoreCase(rule.unit())) {
            throw new IllegalArgumentException("rule '" + rule.text() + "' is in " + rule.unit()
                    + " but the value is in " + (unit == null ? "no unit (set 'unit')" : unit));
        }
    }

    private static boolean readsPrometheus(ValueSource source) {
        return source instanceof ValueSource.Prometheus
                || (source instanceof ValueSource.Efficiency e && e.rate() instanceof ValueSource.Prometheus);
    }

    private static String describe(Error error) {
        String at = error.getInstanceLocation() == null ? "" : error.getInstanceLocation().toString();
        JsonNode value = error.getInstanceNode();
        if ("pattern".equals(error.getKeyword()) && value != null && value.isString()) {
            if (at.endsWith("/requirement") || at.endsWith("/growth")) {
                boolean growth = at.endsWith("/growth");
                return at + ": '" + value.asString() + "' is not a " + (growth ? "growth rule: write e.g. '<= +10%'"
                        : "requirement: write e.g. '< 50' or '<= 200ms'");
            }
            return at + ": '" + value.asString() + "' is not allowed here (" + error.getMessage().replaceFirst("^.*?: ", "") + ")";
        }
        String message = error.getMessage();
        return at.isEmpty() || message.startsWith(at) ? message : at + ": " + message;
    }

    private static int line(JsonNode node) {
        if (node == null) {
            return 0;
        }
        TokenStreamLocation location = JsonNodes.tokenStreamLocationOf(node);
        return location == null ? 0 : location.getLineNr();
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asString()));
        return List.copyOf(out);
    }

    private static Result failed(Problem problem) {
        return new Result(null, List.of(problem));
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Schema loadSchema() {
        try (InputStream in = DefinitionParser.class.getResourceAsStream(SCHEMA_RESOURCE)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(text);
        } catch (IOException e) {
            throw new IllegalStateException("The checks schema is missing from the classpath", e);
        }
    }
}

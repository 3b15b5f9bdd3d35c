package dev.perfgate.ops;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The Grafana dashboards in dashboards/ and the queries in them. */
final class Dashboards {

    /** One query: where it is (dashboard › panel or annotation or variable), its data source type and its text. */
    record Query(String where, String datasourceType, String datasourceUid, String kind, JsonNode node, String text) {
    }

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private Dashboards() {
    }

    static List<Path> files() {
        try (Stream<Path> files = Files.list(RepoFiles.path("dashboards"))) {
            return files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static JsonNode read(Path file) {
        return JSON.readTree(file.toFile());
    }

    /** Every query of a dashboard: panel targets (rows' nested panels too), annotations and template variables. */
    static List<Query> queries(JsonNode dashboard) {
        String title = dashboard.path("title").asString();
        List<Query> queries = new ArrayList<>();
        for (JsonNode panel : panels(dashboard)) {
            JsonNode panelSource = panel.path("datasource");
            for (JsonNode target : panel.path("targets")) {
                JsonNode source = target.has("datasource") ? target.path("datasource") : panelSource;
                queries.add(new Query(title + " › " + panel.path("title").asString(), source.path("type").asString(),
                        source.path("uid").asString(), "target", target, target.path("expr").asString("")));
            }
        }
        for (JsonNode annotation : dashboard.path("annotations").path("list")) {
            JsonNode source = annotation.path("datasource");
            String text = annotation.has("expr") ? annotation.path("expr").asString()
                    : annotation.path("target").path("expr").asString("");
            queries.add(new Query(title + " › annotation " + annotation.path("name").asString(), source.path("type").asString(),
                    source.path("uid").asString(), "annotation", annotation, text));
        }
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            if (!"query".equals(variable.path("type").asString())) {
                continue;
            }
            JsonNode source = variable.path("datasource");
            JsonNode query = variable.path("query");
            String text = query.isObject() ? query.path("query").asString("") : query.asString("");
            queries.add(new Query(title + " › variable $" + variable.path("name").asString(), source.path("type").asString(),
                    source.path("uid").asString(), "variable", variable, text));
        }
        return queries;
    }

    /** Panels, with the panels of rows flattened. */
    static List<JsonNode> panels(JsonNode dashboard) {
        List<JsonNode> all = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            all.add(panel);
            for (JsonNode inner : panel.path("panels")) {
                all.add(inner);
            }
        }
        return all;
    }

    /** The metric names of a Prometheus query of any kind. */
    static java.util.Set<String> metricNames(Query query) {
        return "variable".equals(query.kind()) ? PromQl.variableMetricNames(query.text()) : PromQl.metricNames(query.text());
    }
}

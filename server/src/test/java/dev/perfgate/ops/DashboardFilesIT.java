package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;

/** The dashboards and their provisioning files fit together: parseable, unique ids, only provisioned data sources. */
class DashboardFilesIT {

    @Test
    void shouldHaveAServiceAndASystemUnderTestDashboard() {
        List<String> uids = Dashboards.files().stream().map(f -> Dashboards.read(f).path("uid").asString()).toList();

        assertThat(uids).containsExactlyInAnyOrder("perfgate-service", "perfgate-sut");
    }

    @Test
    void shouldGiveEveryPanelAUniqueIdAndATitle() {
        for (Path file : Dashboards.files()) {
            List<JsonNode> panels = Dashboards.panels(Dashboards.read(file));
            Set<Integer> ids = new HashSet<>();
            for (JsonNode panel : panels) {
                assertThat(ids.add(panel.path("id").asInt())).as("%s: panel id %s is unique", file, panel.path("id")).isTrue();
                assertThat(panel.path("title").asString("")).as("%s: panel %s has a title", file, panel.path("id")).isNotBlank();
            }
            assertThat(panels).as(file.toString()).hasSizeGreaterThan(10);
        }
    }

    @Test
    void shouldUseOnlyProvisionedDataSources() throws IOException {
        Set<String> provisioned = provisionedDataSourceUids();
        List<String> unknown = new ArrayList<>();
        for (Path file : Dashboards.files()) {
            for (Dashboards.Query q : Dashboards.queries(Dashboards.read(file))) {
                if (!q.datasourceUid().equals("-- Grafana --") && !provisioned.contains(q.datasourceUid())) {
                    unknown.add(q.where() + " uses data source '" + q.datasourceUid() + "'");
                }
            }
        }
        assertThat(unknown).as("data sources not in dashboards/provisioning/datasources (%s)", provisioned).isEmpty();
    }

    @Test
    void shouldReadAMetricInEveryPrometheusPanelQuery() {
        List<String> empty = new ArrayList<>();
        for (Path file : Dashboards.files()) {
            for (Dashboards.Query q : Dashboards.queries(Dashboards.read(file))) {
                if ("prometheus".equals(q.datasourceType()) && Dashboards.metricNames(q).isEmpty()) {
                    empty.add(q.where() + ": " + q.text());
                }
            }
        }
        assertThat(empty).as("Prometheus queries with no metric name").isEmpty();
    }

    @SuppressWarnings("unchecked")
    static Set<String> provisionedDataSourceUids() throws IOException {
        Set<String> uids = new HashSet<>();
        try (Stream<Path> files = Files.list(RepoFiles.path("dashboards/provisioning/datasources"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).toList()) {
                try (Reader reader = Files.newBufferedReader(file)) {
                    Map<String, Object> doc = new Yaml().load(reader);
                    for (Map<String, Object> ds : (List<Map<String, Object>>) doc.get("datasources")) {
                        uids.add(String.valueOf(ds.get("uid")));
                    }
                }
            }
        }
        return uids;
    }
}

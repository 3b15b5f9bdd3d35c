package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** deploy/prometheus/prometheus.yml passes promtool and scrapes the compose services where they listen. */
class PrometheusConfigIT {

    @Test
    void shouldPassPromtoolCheckConfig() throws Exception {
        Tools.Result result = Tools.run(RepoFiles.root(),
                List.of(Tools.promtool().toString(), "check", "config", "deploy/prometheus/prometheus.yml"));

        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).contains("SUCCESS");
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldScrapePerfGateAndTheDemoAppAtTheirComposeAddresses() throws IOException {
        Map<String, Object> config;
        try (Reader reader = Files.newBufferedReader(RepoFiles.path("deploy/prometheus/prometheus.yml"))) {
            config = new Yaml().load(reader);
        }
        List<String> scraped = new ArrayList<>();
        for (Map<String, Object> job : (List<Map<String, Object>>) config.get("scrape_configs")) {
            for (Map<String, Object> statics : (List<Map<String, Object>>) job.get("static_configs")) {
                for (String target : (List<String>) statics.get("targets")) {
                    scraped.add(job.get("job_name") + " " + target + job.getOrDefault("metrics_path", "/metrics"));
                }
            }
        }

        assertThat(scraped).contains("perfgate perfgate:8080/actuator/prometheus", "demo-app demo-app:18080/actuator/prometheus");
    }
}

package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.perfgate.system.TestServers;

/**
 * A system under test of your own is measured without editing the tracked process-exporter config
 * (scripts/test-servers/process-exporter.yml, docs/own-system.md): a process started with the argument
 * {@code perfgate.group=NAME} gets the exporter's group NAME, whose CPU Prometheus then has.
 */
class OwnProcessGroupIT {

    final HttpClient http = HttpClient.newHttpClient();

    @Test
    void shouldMeasureTheCpuOfAProcessStartedWithItsOwnGroupName() throws Exception {
        String group = "own-" + System.nanoTime();
        Process own = new ProcessBuilder("/bin/sh", "-c", "while :; do :; done", "perfgate.group=" + group)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String query = "sum(rate(namedprocess_namegroup_cpu_seconds_total{groupname=\"" + group + "\"}[5s])) * 100";
            Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
            String last = "";
            double cpu = 0;
            while (Instant.now().isBefore(deadline) && cpu <= 0) {
                last = http.send(HttpRequest.newBuilder(URI.create(TestServers.prometheusUrl() + "/api/v1/query?query="
                        + URLEncoder.encode(query, StandardCharsets.UTF_8))).build(),
                        HttpResponse.BodyHandlers.ofString()).body();
                JsonNode result = JsonMapper.builder().build().readTree(last).path("data").path("result");
                cpu = result.isEmpty() ? 0 : Double.parseDouble(result.get(0).path("value").get(1).asString());
                Thread.sleep(250);
            }

            assertThat(cpu).as("the CPU of group %s; Prometheus last said %s", group, last).isPositive();
        } finally {
            own.destroyForcibly().waitFor();
        }
    }
}

package dev.perfgate.alert;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import dev.perfgate.StoryChecks;
import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;
import tools.jackson.databind.JsonNode;

/** Drives verdicts through the real API for the alert ITs: a checks file with avg CPU as a posted measure, and runs. */
final class Judging {

    private final TestApi api;
    private final Path checks;

    Judging(TestApi api, Path checks) {
        this.api = api;
        this.checks = checks;
    }

    /** Writes {@code <system>.yaml} (avg CPU, a key check, {@code < limit}, growth {@code <= +10%}) and waits until it is active. */
    void checks(String system, int limit) throws IOException, InterruptedException {
        String file = system + ".yaml";
        Files.writeString(checks.resolve(file), StoryChecks.of(system, "< " + limit, "<= +10%", null));
        Instant deadline = Instant.now().plus(Duration.ofSeconds(15));
        while (true) {
            for (JsonNode state : api.get("/api/v1/checks").body()) {
                if (state.path("file").asString().equals(file) && state.path("active").toString().contains("< " + limit)) {
                    return;
                }
            }
            assertThat(Instant.now()).as("checks file %s with < %d loaded", file, limit).isBefore(deadline);
            Thread.sleep(100);
        }
    }

    /** One run of {@code system/peak/<environment>} with avg CPU at a level: create, results, end, verdict. */
    JsonNode run(String system, String environment, String runId, double cpu) {
        Response created = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"%s","runId":"%s","version":"1.%s",
                 "buildUrl":"https://ci.example/job/%s/%s/","buildNumber":"%s"}"""
                .formatted(system, environment, runId, runId, system, runId, runId));
        assertThat(created.status()).as(created.raw()).isIn(200, 201);
        String id = created.text("id");
        Response results = api.post("/api/v1/runs/" + id + "/results", """
                {"format":"perfgate-results/v1","global":{"count":1000,"ok":1000,"ko":0,"meanMs":40,"p50Ms":35,
                 "p99Ms":120,"throughputRps":50},"measures":{"cpu_avg_pct":%s}}""".formatted(cpu));
        assertThat(results.status()).as(results.raw()).isEqualTo(200);
        assertThat(api.post("/api/v1/runs/" + id + "/end", null).status()).isEqualTo(200);
        Response verdict = api.get("/api/v1/runs/" + id + "/verdict?wait=60");
        assertThat(verdict.status()).as(verdict.raw()).isEqualTo(200);
        return verdict.body();
    }

    /** The alerts of a run, as the API lists them. */
    List<JsonNode> alerts(String runKey) {
        List<JsonNode> found = new ArrayList<>();
        for (JsonNode alert : api.get("/api/v1/alerts?limit=1000").body()) {
            if (alert.path("runId").asString().equals(runKey)) {
                found.add(alert);
            }
        }
        return found;
    }

    /** Waits until the run's alerts satisfy a condition (e.g. the only one is sent). */
    List<JsonNode> awaitAlerts(String runKey, Predicate<List<JsonNode>> condition,
            Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (true) {
            List<JsonNode> alerts = alerts(runKey);
            if (condition.test(alerts)) {
                return alerts;
            }
            assertThat(Instant.now()).as("alerts of run %s: %s", runKey, alerts).isBefore(deadline);
            Thread.sleep(100);
        }
    }
}

package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.json.JsonMapper;

import dev.perfgate.PerfGateApplication;
import dev.perfgate.SharedServer;
import dev.perfgate.TestApi;

/**
 * The launcher's training start on Java 25 (scripts/perfgate-server): a server started with
 * {@code perfgate.training.runs} judges that many runs of its own through its API on loopback, removes its definition
 * file and exits; against a store that has runs (the shared test server's) the training refuses and touches nothing.
 * <p>
 * The class runs beside the other integration tests (its tests one after another): its training server is its own, and
 * the shared server's only use is a series of its own (server/pom.xml's Failsafe settings).
 */
@Execution(ExecutionMode.CONCURRENT)
class TrainingLoadIT extends SharedServer {

    @TempDir
    Path dir;

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldJudgeItsOwnRunsThenCloseItself() throws Exception {
        Path checks = Files.createDirectories(dir.resolve("checks"));
        ConfigurableApplicationContext context = new SpringApplicationBuilder(PerfGateApplication.class).run(
                "--perfgate.data-dir=" + dir.resolve("data"), "--perfgate.checks-dir=" + checks,
                "--server.port=0", "--server.address=127.0.0.1", "--perfgate.security.admin-token=training-admin-token",
                "--perfgate.training.runs=12");
        TrainingLoad training = context.getBean(TrainingLoad.class);
        for (int i = 0; i < 1200 && context.isActive(); i++) {
            Thread.sleep(100);
        }

        assertThat(context.isActive()).as("the training start closed itself within 120 s").isFalse();
        TrainingLoad.Outcome trained = training.outcome();
        assertThat(trained.failure()).isNull();
        assertThat(trained.asked()).isEqualTo(12);
        // the first run of each series has no baseline for its growth rules; every run meets the requirements
        assertThat(trained.verdicts()).containsOnlyKeys("PASS").containsEntry("PASS", 12);
        assertThat(checks).isEmptyDirectory();
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldRefuseAStoreThatHasRuns() {
        TestApi api = new TestApi(port, ADMIN_TOKEN);
        assertThat(api.post("/api/v1/runs", "{\"system\":\"training-refused-%d\",\"workload\":\"peak\",\"environment\":\"test\"}"
                .formatted(System.nanoTime())).status()).isEqualTo(201);

        TrainingLoad.Outcome refused = new TrainingLoad(5, CHECKS.toString(), ADMIN_TOKEN, JsonMapper.builder().build())
                .trainAgainst(port);

        assertThat(refused.failure()).contains("the store has runs already");
        assertThat(refused.verdicts()).isEmpty();
        assertThat(api.get("/api/v1/runs?system=" + TrainingLoad.SYSTEM).body().path("runs")).isEmpty();
    }
}

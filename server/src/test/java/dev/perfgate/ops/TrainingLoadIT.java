package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import dev.perfgate.PerfGateApplication;

/**
 * The launcher's training start on Java 25 (scripts/perfgate-server): a server started with
 * {@code perfgate.training.runs} judges that many runs of its own through its API on loopback, removes its definition
 * file and exits; started again on a store with runs, it refuses to train and exits too.
 */
class TrainingLoadIT {

    @TempDir
    Path dir;

    @Test
    void shouldJudgeItsOwnRunsThenExitAndRefuseAStoreWithRuns() throws Exception {
        Path checks = Files.createDirectories(dir.resolve("checks"));

        TrainingLoad.Outcome trained = trainingStart(checks, 30);

        assertThat(trained.failure()).isNull();
        assertThat(trained.asked()).isEqualTo(30);
        // the first run of each of the 25 series has no baseline for its growth rules; every run meets the requirements
        assertThat(trained.verdicts()).containsOnlyKeys("PASS").containsEntry("PASS", 30);
        assertThat(checks).isEmptyDirectory();

        TrainingLoad.Outcome again = trainingStart(checks, 5);

        assertThat(again.failure()).contains("the store has runs already");
        assertThat(again.verdicts()).isEmpty();
    }

    /** Starts PerfGate in training mode on the test's store and waits (bounded) until it has closed itself. */
    private TrainingLoad.Outcome trainingStart(Path checks, int runs) throws InterruptedException {
        ConfigurableApplicationContext context = new SpringApplicationBuilder(PerfGateApplication.class).run(
                "--perfgate.data-dir=" + dir.resolve("data"), "--perfgate.checks-dir=" + checks,
                "--server.port=0", "--server.address=127.0.0.1", "--perfgate.security.admin-token=training-admin-token",
                "--perfgate.training.runs=" + runs);
        TrainingLoad training = context.getBean(TrainingLoad.class);
        for (int i = 0; i < 1200 && context.isActive(); i++) {
            Thread.sleep(100);
        }
        assertThat(context.isActive()).as("the training start closed itself within 120 s").isFalse();
        assertThat(training.outcome()).as("the training start's outcome").isNotNull();
        return training.outcome();
    }
}

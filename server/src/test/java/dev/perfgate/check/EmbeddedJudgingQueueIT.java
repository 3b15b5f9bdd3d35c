package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The judging queue contract on the embedded default store (mongo-java-server, H2 file backend), where the open jobs
 * are also held in the process: and a new process (the queue read from the store again) takes at once a job a dead
 * one held, since no other process can hold a job of this store.
 */
@SpringBootTest(properties = {"perfgate.data-dir=target/it-data/${random.uuid}", "perfgate.security.admin-token=x",
        "perfgate.judging.workers=0"})
class EmbeddedJudgingQueueIT extends JudgingQueueContract {

    @Test
    void shouldGiveANewProcessAtOnceTheJobsTheDeadOneHeld() {
        queue.addIfAbsent(run("test", T0), "v-1", "run ended", T0);
        JudgingJob held = queue.claim("dead", T0, LEASE).orElseThrow();

        queue.reload();
        JudgingJob taken = queue.claim("alive", T0.plusSeconds(1), LEASE).orElseThrow();

        assertThat(taken.verdictId()).isEqualTo(held.verdictId());
        assertThat(taken.owner()).isEqualTo("alive");
    }
}

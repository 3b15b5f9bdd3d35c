package dev.perfgate.check;

import org.springframework.boot.test.context.SpringBootTest;

/** The judging queue contract on the embedded default store (mongo-java-server, H2 file backend). */
@SpringBootTest(properties = {"perfgate.data-dir=target/it-data/${random.uuid}", "perfgate.security.admin-token=x",
        "perfgate.judging.workers=0"})
class EmbeddedJudgingQueueIT extends JudgingQueueContract {
}

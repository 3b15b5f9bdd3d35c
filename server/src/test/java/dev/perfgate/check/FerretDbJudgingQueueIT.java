package dev.perfgate.check;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfgate.system.TestServers;

/** The judging queue contract on FerretDB, a separate real server started by scripts/test-servers.sh. */
@SpringBootTest(properties = {"perfgate.security.admin-token=x", "perfgate.judging.workers=0"})
class FerretDbJudgingQueueIT extends JudgingQueueContract {

    @DynamicPropertySource
    static void ferretDb(DynamicPropertyRegistry registry) {
        registry.add("spring.mongodb.uri", TestServers::ferretDbUri);
        registry.add("spring.mongodb.database", () -> "perfgate_it_" + System.nanoTime());
    }
}

package dev.perfgate.trigger;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfgate.system.TestServers;

/** The trigger store contract on FerretDB v1.24.0, a separate real server started by scripts/test-servers.sh. */
@SpringBootTest(properties = "perfgate.security.admin-token=x")
class FerretDbTriggerStoreIT extends TriggerStoreContract {

    @DynamicPropertySource
    static void ferretDb(DynamicPropertyRegistry registry) {
        registry.add("spring.mongodb.uri", TestServers::ferretDbUri);
        registry.add("spring.mongodb.database", () -> "perfgate_it_" + System.nanoTime());
    }
}

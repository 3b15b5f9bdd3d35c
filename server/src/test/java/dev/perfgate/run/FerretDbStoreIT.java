package dev.perfgate.run;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfgate.system.TestServers;

/** The store contract on FerretDB v1.24.0, a separate real server started by scripts/test-servers.sh. */
@SpringBootTest(properties = "perfgate.security.admin-token=x")
class FerretDbStoreIT extends StoreContract {

    @DynamicPropertySource
    static void ferretDb(DynamicPropertyRegistry registry) {
        registry.add("spring.mongodb.uri", TestServers::ferretDbUri);
        registry.add("spring.mongodb.database", () -> "perfgate_it_" + System.nanoTime());
    }

    @Override
    boolean scansForIdIn() {
        return true;
    }
}

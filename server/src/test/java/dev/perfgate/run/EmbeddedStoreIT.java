package dev.perfgate.run;

import org.springframework.boot.test.context.SpringBootTest;

/** The store contract on the embedded default store (mongo-java-server, H2 file backend). */
@SpringBootTest(properties = {"perfgate.data-dir=target/it-data/${random.uuid}", "perfgate.security.admin-token=x"})
class EmbeddedStoreIT extends StoreContract {

    @Override
    boolean scansForIdIn() {
        return false;
    }
}

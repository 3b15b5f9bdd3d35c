package dev.perfgate;

import java.nio.file.Path;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfgate.check.ChecksDir;

/**
 * The one PerfGate server the API and page integration tests share: every class that extends this gets the same Spring
 * context (same properties, same checks directory), so it starts once per test JVM. Each test writes the checks of
 * its own systems (named uniquely, e.g. {@code sut-<nanoTime>}) into {@link #CHECKS}. A test that needs other
 * properties declares its own {@code @SpringBootTest} and starts its own server.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "perfgate.security.admin-token=" + SharedServer.ADMIN_TOKEN, "perfgate.data-dir=target/it-data/${random.uuid}",
        "perfgate.checks-reload-ms=200", "perfgate.security.users[0].name=" + SharedServer.VIEWER,
        "perfgate.security.users[0].password={noop}" + SharedServer.VIEWER_PASSWORD,
        "perfgate.security.users[0].role=viewer"})
public abstract class SharedServer {

    public static final String ADMIN_TOKEN = "shared-admin";
    /** A person who may sign in to the pages and read them. */
    public static final String VIEWER = "vic";
    public static final String VIEWER_PASSWORD = "vic-secret";

    /** The shared server's checks directory. */
    public static final Path CHECKS = ChecksDir.create();

    @DynamicPropertySource
    static void checksDir(DynamicPropertyRegistry registry) {
        registry.add("perfgate.checks-dir", CHECKS::toString);
    }

    @LocalServerPort
    protected int port;
}

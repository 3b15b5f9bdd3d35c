package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.CookieManager;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;
import dev.perfgate.check.ChecksDir;
import dev.perfgate.check.GateDefinitions;

/**
 * Credentials for Prometheus reach Prometheus as headers (or the secret parameters it expects) and nowhere else: not
 * in GET /api/v1/checks, not in verdicts, not in the log; by reference from a variable or a file.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "perfgate.security.admin-token=secrets-admin", "perfgate.data-dir=target/it-data/${random.uuid}",
        "perfgate.checks-reload-ms=200", "PERFGATE_IT_PROM_TOKEN=t0kenFromEnv",
        "perfgate.security.users[0].name=vic", "perfgate.security.users[0].password={noop}vic-secret",
        "perfgate.security.users[0].role=viewer"})
@ExtendWith(OutputCaptureExtension.class)
class SecretsIT {

    static final String PASSWORD = "s3cretPW";
    static final String API_KEY = "K3YVAL";
    static final Path CHECKS = ChecksDir.create();
    static final List<String> SEEN = new CopyOnWriteArrayList<>();
    static HttpServer prometheus;

    @DynamicPropertySource
    static void checksDir(DynamicPropertyRegistry registry) {
        registry.add("perfgate.checks-dir", CHECKS::toString);
    }

    @BeforeAll
    static void startPrometheus() throws IOException {
        prometheus = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        prometheus.createContext("/", exchange -> {
            SEEN.add(exchange.getRequestURI() + " auth=" + exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = """
                    {"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[1,"10"],[2,"12"]]}]}}"""
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        prometheus.start();
    }

    @AfterAll
    static void stopPrometheus() {
        prometheus.stop(0);
    }

    @LocalServerPort
    int port;
    @Autowired
    GateDefinitions definitions;

    TestApi api;
    String system;

    @BeforeEach
    void setUp() {
        api = new TestApi(port, "secrets-admin");
        system = "sut-" + System.nanoTime();
        SEEN.clear();
    }

    @Test
    void shouldSendAUrlsPasswordAsBasicAuthAndShowItNowhere(CapturedOutput output) throws Exception {
        String base = "http://admin:" + PASSWORD + "@127.0.0.1:" + prometheus.getAddress().getPort() + "/?api_key=" + API_KEY;
        String closed = "http://admin:" + PASSWORD + "@127.0.0.1:1/?token=" + API_KEY;
        write("""
                system: %s
                prometheus:
                  url: %s
                environmentSettings:
                  down:
                    prometheus:
                      url: %s
                checks:
                  - id: cpu
                    prometheus: { query: up }
                    requirement: "< 50"
                """.formatted(system, base, closed));

        Response verdict = judge("test");
        Response unreachable = judge("down");
        Response checks = api.get("/api/v1/checks");

        assertThat(verdict.text("status")).as(verdict.raw()).isEqualTo("PASS");
        String basic = "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8));
        assertThat(SEEN).as("Prometheus got the credentials").anySatisfy(seen ->
                assertThat(seen).contains("api_key=" + API_KEY).endsWith("auth=" + basic));
        assertThat(unreachable.text("status")).as(unreachable.raw()).isEqualTo("INCONCLUSIVE");
        assertThat(unreachable.raw()).contains("Prometheus at http://127.0.0.1:1/");
        assertThat(checks.raw()).contains("127.0.0.1:" + prometheus.getAddress().getPort());
        List<String> pages = pagesAsAViewer("/runs/" + verdict.text("id"), "/runs/" + unreachable.text("id"));
        assertThat(pages.get(1)).as("the run page shows the masked reason").contains("Prometheus at http://127.0.0.1:1/");
        for (String shown : List.of(verdict.raw(), unreachable.raw(), checks.raw(), pages.get(0), pages.get(1),
                output.getOut(), output.getErr())) {
            assertThat(shown).doesNotContain(PASSWORD).doesNotContain(API_KEY);
        }
    }

    @Test
    void shouldSendCredentialsByReferenceFromAVariableOrAFile() throws Exception {
        Path passwordFile = Files.createTempFile("prom-password", ".txt");
        Files.writeString(passwordFile, PASSWORD + "\n");
        String url = "http://127.0.0.1:" + prometheus.getAddress().getPort();
        write("""
                system: %s
                prometheus:
                  url: %s/file
                  auth: { basic: { username: perfgate, passwordFile: %s } }
                environmentSettings:
                  env:
                    prometheus:
                      url: %s/env
                      auth: { bearerTokenEnv: PERFGATE_IT_PROM_TOKEN }
                checks:
                  - id: cpu
                    prometheus: { query: up }
                    requirement: "< 50"
                """.formatted(system, url, passwordFile, url));

        assertThat(judge("test").text("status")).isEqualTo("PASS");
        assertThat(judge("env").text("status")).isEqualTo("PASS");

        String basic = "Basic " + Base64.getEncoder().encodeToString(("perfgate:" + PASSWORD).getBytes(StandardCharsets.UTF_8));
        assertThat(SEEN).anySatisfy(seen -> assertThat(seen).startsWith("/file/api/v1/query_range").endsWith("auth=" + basic));
        assertThat(SEEN).anySatisfy(seen -> assertThat(seen).startsWith("/env/api/v1/query_range").endsWith("auth=Bearer t0kenFromEnv"));
        assertThat(api.get("/api/v1/checks").raw()).doesNotContain(PASSWORD).doesNotContain("t0kenFromEnv");
    }

    /** The pages as a signed-in viewer sees them in a browser. */
    private List<String> pagesAsAViewer(String... paths) throws Exception {
        HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
        String login = browser.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/login")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        Matcher csrf = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"").matcher(login);
        assertThat(csrf.find()).as("CSRF token on the login page").isTrue();
        browser.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("username=vic&password=vic-secret&_csrf="
                        + URLEncoder.encode(csrf.group(1), StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.discarding());
        List<String> pages = new java.util.ArrayList<>();
        for (String path : paths) {
            HttpResponse<String> page = browser.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .header("Accept", "text/html").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).as("%s as a viewer", path).isEqualTo(200);
            pages.add(page.body());
        }
        return pages;
    }

    private Response judge(String environment) {
        String id = api.post("/api/v1/runs", """
                {"system":"%s","workload":"peak","environment":"%s","startedAt":"%s"}"""
                .formatted(system, environment, Instant.now().minusSeconds(60))).text("id");
        api.post("/api/v1/runs/" + id + "/results", """
                {"format":"perfgate-results/v1","global":{"count":10,"ok":10,"ko":0,"p99Ms":40}}""");
        api.post("/api/v1/runs/" + id + "/end", null);
        Response verdict = api.get("/api/v1/runs/" + id + "/verdict?wait=60");
        assertThat(verdict.status()).as(verdict.raw()).isEqualTo(200);
        return verdict;
    }

    private void write(String yaml) throws IOException, InterruptedException {
        ChecksDir.write(definitions, CHECKS, system + ".yaml", yaml);
    }
}

package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;

import com.mongodb.ConnectionString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;

/**
 * A store that stops answering (FerretDB behind a relay that stops passing bytes, connections left open): the API
 * answers 503 with Retry-After within the store timeout instead of waiting for ever, and once the store answers
 * again the same server records and judges runs, with nothing lost.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "perfgate.security.admin-token=stall-admin", "perfgate.store.timeout=2s"})
@DirtiesContext // its store goes with the relay: a cached context would poll a closed port for the rest of the run
class StoreStallIT {

    static StallingProxy proxy;

    @DynamicPropertySource
    static void stallingStore(DynamicPropertyRegistry registry) throws IOException {
        String host = new ConnectionString(TestServers.ferretDbUri()).getHosts().get(0);
        int colon = host.lastIndexOf(':');
        proxy = new StallingProxy(host.substring(0, colon), Integer.parseInt(host.substring(colon + 1)));
        registry.add("spring.mongodb.uri", () -> "mongodb://127.0.0.1:" + proxy.port() + "/");
        registry.add("spring.mongodb.database", () -> "perfgate_stall_" + System.nanoTime());
    }

    @AfterAll
    static void closeProxy() throws IOException {
        proxy.close();
    }

    @LocalServerPort
    int port;

    @Test
    void shouldAnswerUnavailableWhileTheStoreIsSilentAndCarryOnWhenItAnswersAgain() throws Exception {
        TestApi api = new TestApi(port, "stall-admin");
        String system = "stall-" + System.nanoTime();
        String before = api.post("/api/v1/runs", run(system, "before")).text("id");

        proxy.stall();
        HttpResponse<String> create;
        HttpResponse<String> read;
        HttpResponse<String> unseenToken;
        try {
            create = send(HttpRequest.newBuilder(uri("/api/v1/runs")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(run(system, "during"))), "stall-admin");
            read = send(HttpRequest.newBuilder(uri("/api/v1/runs/" + before)).GET(), "stall-admin");
            unseenToken = send(HttpRequest.newBuilder(uri("/api/v1/runs/" + before)).GET(), "pg_not_read_yet");
        } finally {
            proxy.resume();
        }

        assertThat(create.statusCode()).as(create.body()).isEqualTo(503);
        assertThat(create.headers().firstValue("Retry-After")).contains("2");
        assertThat(create.body()).contains("The store is briefly unavailable");
        assertThat(read.statusCode()).as(read.body()).isEqualTo(503);
        // a token that must be read from the store: neither 401 (it may be valid) nor 500
        assertThat(unseenToken.statusCode()).as(unseenToken.body()).isEqualTo(503);
        assertThat(unseenToken.headers().firstValue("Retry-After")).contains("2");
        assertThat(unseenToken.body()).contains("The store is briefly unavailable");

        Response after = awaitCreated(api, run(system, "after"));
        assertThat(api.get("/api/v1/runs/" + before).text("id")).isEqualTo(before);
        assertThat(api.post("/api/v1/runs/" + after.text("id") + "/end", null).status()).isEqualTo(200);
        Response verdict = api.get("/api/v1/runs/" + after.text("id") + "/verdict?wait=60");
        assertThat(verdict.status()).as(verdict.raw()).isEqualTo(200);
        assertThat(verdict.text("status")).isNotEqualTo("PENDING");
    }

    /** The driver reconnects on its own schedule after the silence: a client retries its 503s, as the CLI does. */
    private static Response awaitCreated(TestApi api, String body) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(30);
        Response response = api.post("/api/v1/runs", body);
        while (response.status() == 503 && Instant.now().isBefore(deadline)) {
            Thread.sleep(500);
            response = api.post("/api/v1/runs", body);
        }
        assertThat(response.status()).as(response.raw()).isEqualTo(201);
        return response;
    }

    private static String run(String system, String runId) {
        return """
                {"system":"%s","workload":"peak","environment":"test","runId":"%s"}""".formatted(system, runId);
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /** A 60 s timeout, the CLI's: a server that waits on the silent store for ever fails here. */
    private static HttpResponse<String> send(HttpRequest.Builder request, String token) {
        try {
            return HttpClient.newHttpClient().send(request.timeout(Duration.ofSeconds(60))
                    .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

package dev.perfgate.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Hits every endpoint of the running app over loopback HTTP and reads what Prometheus would scrape. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class DemoApplicationIT {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @LocalServerPort
    private int port;

    @AfterEach
    void switchEverythingOff() throws Exception {
        for (String name : new String[] {"cpu", "alloc", "lock", "buffer", "cache"}) {
            send("PUT", "/admin/regressions/" + name + "?enabled=false", null);
        }
    }

    @Test
    void shouldServeEveryEndpointWithAndWithoutItsRegression() throws Exception {
        for (String path : new String[] {"/api/matrix?size=30", "/api/transform", "/api/remote?delayMs=1",
                "/api/lookup?id=7"}) {
            assertThat(get(path).statusCode()).as(path).isEqualTo(200);
        }

        assertThat(send("PUT", "/admin/regressions/cpu", "{\"enabled\": true}").statusCode()).isEqualTo(200);
        for (String name : new String[] {"alloc", "lock", "buffer", "cache"}) {
            assertThat(send("PUT", "/admin/regressions/" + name + "?enabled=true", null).statusCode()).isEqualTo(200);
        }

        assertThat(get("/admin/regressions").body())
                .isEqualTo("{\"cpu\":true,\"alloc\":true,\"lock\":true,\"buffer\":true,\"cache\":true}");
        assertThat(get("/api/matrix?size=30").body()).startsWith("{\"size\":30,");
        assertThat(get("/api/transform").body()).contains("\"orderId\":\"order-42\"");
        assertThat(get("/api/remote?delayMs=1").body()).contains("\"validatedUnderLock\":true");
        assertThat(get("/api/lookup?id=7").body()).contains("\"unpooledBuffer\":true").contains("\"name\":\"Product 7\"");
    }

    @Test
    void shouldApplyTheRegressionHeaderToThatRequestOnly() throws Exception {
        HttpResponse<String> withHeader = http.send(request("/api/lookup?id=7").header("X-Regression", "buffer,cpu")
                .GET().build(), HttpResponse.BodyHandlers.ofString());

        assertThat(withHeader.body()).contains("\"unpooledBuffer\":true");
        assertThat(get("/api/lookup?id=7").body()).contains("\"unpooledBuffer\":false");
        assertThat(get("/admin/regressions").body()).doesNotContain("true");
    }

    @Test
    void shouldAnswerClientErrorsForBadParameters() throws Exception {
        assertThat(get("/api/matrix?size=0").statusCode()).isEqualTo(400);
        assertThat(get("/api/remote?delayMs=-1").statusCode()).isEqualTo(400);
        assertThat(get("/api/lookup?id=0").statusCode()).isEqualTo(404);
        assertThat(send("PUT", "/admin/regressions/gc?enabled=true", null).statusCode()).isEqualTo(404);
    }

    @Test
    void shouldExposeHttpTimersRegressionGaugesAndRequestCostsToPrometheus() throws Exception {
        get("/api/matrix?size=20");
        get("/api/lookup?id=3");
        send("PUT", "/admin/regressions/lock?enabled=true", null);

        String scrape = get("/actuator/prometheus").body();

        assertThat(scrape)
                .contains("http_server_requests_seconds_bucket{application=\"demo-app\"")
                .containsPattern("http_server_requests_seconds_count\\{[^}]*uri=\"/api/matrix\"[^}]*} [1-9]")
                .contains("demo_regression_enabled{application=\"demo-app\",name=\"lock\"} 1")
                .contains("demo_regression_enabled{application=\"demo-app\",name=\"cpu\"} 0")
                .containsPattern("demo_request_cpu_seconds_count\\{[^}]*uri=\"/api/lookup\"[^}]*} [1-9]")
                .containsPattern("demo_request_allocated_bytes_sum\\{[^}]*uri=\"/api/matrix\"[^}]*} [1-9]")
                .contains("process_cpu_usage")
                .contains("jvm_memory_used_bytes")
                .contains("jvm_buffer_memory_used_bytes{application=\"demo-app\",id=\"direct\"}");
        assertThat(get("/actuator/health").body()).contains("\"status\":\"UP\"");
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> send(String method, String path, String json) throws IOException, InterruptedException {
        HttpRequest.BodyPublisher body = json == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(json);
        return http.send(request(path).header("Content-Type", "application/json").method(method, body).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(30));
    }
}

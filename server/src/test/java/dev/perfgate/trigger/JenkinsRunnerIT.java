package dev.perfgate.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.RunVerdict;
import dev.perfgate.run.Series;
import dev.perfgate.run.Trigger;
import dev.perfgate.system.OutboundHttp;

/** The Jenkins runner against a loopback stub of Jenkins' remote build API that records what it was sent. */
class JenkinsRunnerIT {

    static final TriggerRequest REQUEST = new TriggerRequest("shop", "peak", "test", "1.2", 5, 60, 10);

    record Recorded(String method, String path, String authorization, String contentType, Map<String, String> form) {
    }

    HttpServer jenkins;
    volatile Recorded recorded;
    volatile int answer = 201;
    final RunRepository runs = mock(RunRepository.class);
    final MeterRegistry meters = new SimpleMeterRegistry();

    @BeforeEach
    void startJenkinsStub() throws IOException {
        jenkins = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        jenkins.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            recorded = new Recorded(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("Authorization"),
                    exchange.getRequestHeaders().getFirst("Content-Type"), form(body));
            exchange.getResponseHeaders().add("Location", base() + "/queue/item/42/");
            exchange.sendResponseHeaders(answer, -1);
            exchange.close();
        });
        jenkins.start();
    }

    @AfterEach
    void stopJenkinsStub() {
        jenkins.stop(0);
    }

    @Test
    void shouldPostTheParametersToBuildWithParametersWithTheTokens() throws Exception {
        String queued = runner(Duration.ofSeconds(5)).trigger(REQUEST);

        assertThat(recorded.method()).isEqualTo("POST");
        assertThat(recorded.path()).as("folder perf, job load-test").isEqualTo("/job/perf/job/load-test/buildWithParameters");
        assertThat(recorded.authorization()).isEqualTo("Basic "
                + Base64.getEncoder().encodeToString("perfgate:api-secret".getBytes(StandardCharsets.UTF_8)));
        assertThat(recorded.contentType()).isEqualTo("application/x-www-form-urlencoded");
        assertThat(recorded.form()).containsEntry("token", "build-secret").containsEntry("system", "shop")
                .containsEntry("workload", "peak").containsEntry("environment", "test").containsEntry("version", "1.2")
                .containsEntry("users", "5").containsEntry("durationSeconds", "60").containsEntry("rampUpSeconds", "10");
        assertThat(queued).isEqualTo(base() + "/queue/item/42/");
        assertThat(meters.get("perfgate.outbound.requests").tag("target", "jenkins").tag("status", "201").timer().count())
                .as("the call to Jenkins is timed as target jenkins").isEqualTo(1);
    }

    @Test
    void shouldExplainARefusalOfJenkins() {
        answer = 403;

        assertThatThrownBy(() -> runner(Duration.ofSeconds(5)).trigger(REQUEST)).isInstanceOf(IOException.class)
                .hasMessage("Jenkins answered 403 to buildWithParameters of job perf/load-test "
                        + "(check perfgate.runner.jenkins.user and api-token)");
    }

    @Test
    void shouldFollowTheRunTheBuildRecordsToItsVerdict() throws Exception {
        Instant later = Instant.now().plusSeconds(1);
        given(runs.ofSeries(new Series("shop", "peak", "test"), 1)).willReturn(List.of(new Run("r9", "shop", "peak", "test",
                "9", "1.2", "http://jenkins/job/9/", "9", null, null, Trigger.CI, List.of(), Map.of(), later, later, 10,
                RunStatus.COMPLETED, null, later, new RunVerdict("FAIL", "v9", "FAIL: avg CPU 51.12 % > 50 %", later), null)));
        Progress progress = new Progress("p1", "jenkins", REQUEST, "ann", Instant.now());

        runner(Duration.ofSeconds(10)).run(REQUEST, progress);

        assertThat(progress.view().state()).isEqualTo("DONE");
        assertThat(progress.view().runLabel()).isEqualTo("9");
        assertThat(progress.view().verdict()).isEqualTo("FAIL");
    }

    private JenkinsRunner runner(Duration follow) {
        return new JenkinsRunner(new RunnerProperties.Jenkins(URI.create(base() + "/"), "perf/load-test", "perfgate",
                "api-secret", "build-secret", follow), Duration.ofSeconds(5), runs, Clock.systemUTC(), new OutboundHttp(meters));
    }

    private String base() {
        return "http://127.0.0.1:" + jenkins.getAddress().getPort();
    }

    private static Map<String, String> form(String body) {
        Map<String, String> form = new LinkedHashMap<>();
        for (String pair : body.split("&")) {
            String[] kv = pair.split("=", 2);
            form.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                    kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
        }
        return form;
    }
}

package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import dev.perfgate.check.GateDefinitions;
import dev.perfgate.check.PrometheusClient;
import dev.perfgate.definition.DefinitionParser;
import dev.perfgate.run.Run;
import dev.perfgate.system.OutboundHttp;

/** The run page's Prometheus series against a loopback stub of Prometheus' query_range. */
class PrometheusSeriesIT {

    HttpServer prometheus;
    volatile String asked;
    volatile String answer;
    volatile int status = 200;
    final GateDefinitions definitions = mock(GateDefinitions.class);

    @BeforeEach
    void startPrometheusStub() throws IOException {
        prometheus = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        prometheus.createContext("/api/v1/query_range", exchange -> {
            asked = URLDecoder.decode(exchange.getRequestURI().getRawQuery(), StandardCharsets.UTF_8);
            byte[] body = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        prometheus.start();
        String yaml = """
                system: afterburner
                prometheus: { url: "http://127.0.0.1:%d/" }
                checks:
                  - id: p99
                    name: p99 response time
                    results: { stat: p99 }
                    requirement: "<= 200ms"
                  - id: cpu
                    name: avg CPU
                    unit: "%%"
                    key: true
                    prometheus: { query: 'avg(cpu_pct{job="sut"})', aggregate: avg }
                    requirement: "< 50"
                """.formatted(prometheus.getAddress().getPort());
        given(definitions.find("afterburner", "peak", "test"))
                .willReturn(Optional.of(new DefinitionParser().parse("afterburner.yaml", yaml).definition()));
    }

    @AfterEach
    void stopPrometheusStub() {
        prometheus.stop(0);
    }

    @Test
    void shouldChartTheKeyPrometheusCheckOverTheWholeRun() {
        answer = """
                {"status":"success","data":{"resultType":"matrix","result":[{"metric":{},
                 "values":[[1772445600,"18.5"],[1772445601,"51.2"],[1772445602,"NaN"]]}]}}""";
        Run run = Fixtures.run154();

        PrometheusSeries.Chart chart = series().chart(run).orElseThrow();

        assertThat(chart.check()).isEqualTo("avg CPU");
        assertThat(chart.reason()).isNull();
        assertThat(chart.points()).hasSize(2);
        assertThat(chart.points().get(1)).containsExactly(1772445601000.0, 51.2);
        assertThat(chart.steadyStart() - chart.start()).as("30 s ramp-up").isEqualTo(30_000);
        assertThat(asked).contains("query=avg(cpu_pct{job=\"sut\"})")
                .contains("start=" + run.startedAt().getEpochSecond() + ".000")
                .contains("end=" + run.endedAt().getEpochSecond() + ".000").contains("step=1");
    }

    @Test
    void shouldSayWhyThereAreNoPoints() {
        answer = """
                {"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[1772445600,"NaN"]]}]}}""";

        PrometheusSeries.Chart chart = series().chart(Fixtures.run154()).orElseThrow();

        assertThat(chart.points()).isEmpty();
        assertThat(chart.reason()).isEqualTo("Prometheus has no samples of the query in the run's window");
    }

    @Test
    void shouldSayTheQueryReturnedNoSeries() {
        answer = """
                {"status":"success","data":{"resultType":"matrix","result":[]}}""";

        PrometheusSeries.Chart chart = series().chart(Fixtures.run154()).orElseThrow();

        assertThat(chart.points()).isEmpty();
        assertThat(chart.reason()).startsWith("the query returned no series between ");
    }

    @Test
    void shouldReportARejectedQueryAsRejectedNotAsNoSamples() {
        status = 400;
        answer = """
                {"status":"error","errorType":"bad_data","error":"1:5: parse error: unexpected end of input"}""";

        PrometheusSeries.Chart chart = series().chart(Fixtures.run154()).orElseThrow();

        assertThat(chart.points()).isEmpty();
        assertThat(chart.reason())
                .isEqualTo("Prometheus rejected the query (bad_data): 1:5: parse error: unexpected end of input");
    }

    @Test
    void shouldReportAnErrorStatusWithoutJsonAsSuch() {
        status = 502;
        answer = "<html>Bad Gateway</html>";

        PrometheusSeries.Chart chart = series().chart(Fixtures.run154()).orElseThrow();

        assertThat(chart.reason()).isEqualTo("Prometheus answered HTTP 502 with no JSON");
    }

    @Test
    void shouldHaveNoChartForASeriesWithoutPrometheusChecks() {
        given(definitions.find("afterburner", "peak", "test")).willReturn(Optional.empty());

        assertThat(series().chart(Fixtures.run154())).isEmpty();
    }

    private PrometheusSeries series() {
        return new PrometheusSeries(definitions, new PrometheusClient(JsonMapper.builder().build(),
                new OutboundHttp(new SimpleMeterRegistry())));
    }
}

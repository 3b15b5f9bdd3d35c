package dev.perfgate.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class PyroscopeClientTest {

    private static final ProfileSelection RUN = ProfileSelection.of(TimeWindow.of(
            Instant.parse("2024-03-13T18:15:00Z"), Instant.parse("2024-03-13T18:20:00Z"))).withLabel("run_id", "42");
    private static final PyroscopeTarget CLASSIC = PyroscopeTarget.classic("http://127.0.0.1:4041", "perfgate-demo");
    private static final PyroscopeTarget GRAFANA = PyroscopeTarget.grafana("http://127.0.0.1:4040",
            "http://127.0.0.1:3000", "checkout");

    @Test
    void shouldFetchClassicRenderWithEpochSecondsAndHighMaxNodes() {
        // Given
        FakeTransport transport = new FakeTransport().on("/render", 200, Recorded.read("classic-cpu-run.json"));

        // When
        ProfileFetch fetch = new PyroscopeClient(transport).fetch(CLASSIC, ProfileType.CPU, RUN);

        // Then
        assertThat(fetch).isInstanceOfSatisfying(ProfileFetch.Ok.class, ok -> {
            assertThat(ok.profile().numTicks()).isEqualTo(7948);
            assertThat(ok.query()).isEqualTo("perfgate-demo.itimer{run_id=\"42\"}");
        });
        assertThat(transport.requested).containsExactly(URI.create("http://127.0.0.1:4041/render"
                + "?query=perfgate-demo.itimer%7Brun_id%3D%2242%22%7D&from=1710353700&until=1710354000"
                + "&format=json&max-nodes=65536"));
    }

    @Test
    void shouldFetchGrafanaRenderWithMillisecondsAndReadValuesAsNanoseconds() {
        // Given
        FakeTransport transport = new FakeTransport().on("/pyroscope/render", 200, Recorded.read("grafana-cpu.json"));

        // When
        ProfileFetch fetch = new PyroscopeClient(transport).fetch(GRAFANA, ProfileType.CPU, RUN);

        // Then
        assertThat(fetch).isInstanceOfSatisfying(ProfileFetch.Ok.class,
                ok -> assertThat(ok.profile().quantity()).isEqualTo(Quantity.nanoseconds()));
        assertThat(transport.requested).containsExactly(URI.create("http://127.0.0.1:4040/pyroscope/render"
                + "?query=process_cpu%3Acpu%3Ananoseconds%3Acpu%3Ananoseconds%7Bservice_name%3D%22checkout%22%2C"
                + "run_id%3D%2242%22%7D&from=1710353700000&until=1710354000000&format=json&max-nodes=65536"));
    }

    @Test
    void shouldReportEmptyProfileOfKnownApplication() {
        // Given the application exists but sent nothing in the window
        FakeTransport transport = new FakeTransport()
                .on("/render", 200, Recorded.read("classic-empty.json"))
                .on("/label-values", 200, Recorded.read("classic-label-values.json"));

        // When
        ProfileFetch fetch = new PyroscopeClient(transport).fetch(CLASSIC, ProfileType.CPU, RUN);

        // Then
        assertThat(fetch).isInstanceOf(ProfileFetch.Empty.class);
        assertThat(fetch.reason()).isEqualTo("no CPU samples in CPU profile perfgate-demo.itimer{run_id=\"42\"} over "
                + "2024-03-13T18:15:00Z – 2024-03-13T18:20:00Z: the agent did not run or did not send during this "
                + "window, or the labels do not match");
    }

    @Test
    void shouldReportUnknownClassicApplicationWithTheKnownOnes() {
        // Given
        FakeTransport transport = new FakeTransport()
                .on("/render", 200, Recorded.read("classic-empty.json"))
                .on("/label-values", 200, Recorded.read("classic-label-values.json"));
        PyroscopeTarget misspelt = PyroscopeTarget.classic("http://127.0.0.1:4041", "perfgate-dmo");

        // When
        ProfileFetch fetch = new PyroscopeClient(transport).fetch(misspelt, ProfileType.CPU, RUN);

        // Then
        assertThat(fetch).isInstanceOf(ProfileFetch.UnknownApplication.class);
        assertThat(fetch.reason()).isEqualTo("Pyroscope at http://127.0.0.1:4041 has no application "
                + "'perfgate-dmo.itimer' (it knows perfgate-demo.itimer, perfgate-demo.wall, other-app.cpu); "
                + "check the application name and that the agent sends to this server");
        assertThat(transport.requested).last()
                .isEqualTo(URI.create("http://127.0.0.1:4041/label-values?label=__name__"));
    }

    @Test
    void shouldAskGrafanaForServiceNamesToTellUnknownServiceFromEmptyProfile() {
        // Given
        FakeTransport transport = new FakeTransport()
                .on("/pyroscope/render", 200, Recorded.read("grafana-empty.json"))
                .on("/querier.v1.QuerierService/LabelValues", 200, Recorded.read("grafana-label-values.json"));
        PyroscopeTarget unknown = PyroscopeTarget.grafana("http://127.0.0.1:4040", "http://g:3000", "payments");

        // When
        ProfileFetch fetch = new PyroscopeClient(transport).fetch(unknown, ProfileType.CPU, RUN);

        // Then
        assertThat(fetch).isInstanceOf(ProfileFetch.UnknownApplication.class);
        assertThat(fetch.reason()).startsWith("Grafana Pyroscope at http://127.0.0.1:4040 has no service_name "
                + "'payments' in the 24 h before 2024-03-13T18:20:00Z (it knows cart, checkout)");
        assertThat(transport.posted)
                .containsExactly("{\"name\":\"service_name\",\"start\":1710267300000,\"end\":1710354000000}");
    }

    @Test
    void shouldStillReportEmptyWhenTheApplicationCheckFails() {
        // Given a server whose label endpoint is missing (404)
        FakeTransport transport = new FakeTransport().on("/pyroscope/render", 200, Recorded.read("grafana-empty.json"));

        // When
        ProfileFetch fetch = new PyroscopeClient(transport).fetch(GRAFANA, ProfileType.CPU, RUN);

        // Then
        assertThat(fetch).isInstanceOf(ProfileFetch.Empty.class);
        assertThat(fetch.reason()).endsWith("(could not check whether the application exists: IOException: HTTP 404)");
    }

    @Test
    void shouldReportRefusedConnectionAsUnreachable() {
        // Given
        FakeTransport transport = new FakeTransport().failOn("/render", new ConnectException("Connection refused"));

        // When
        ProfileFetch fetch = new PyroscopeClient(transport).fetch(CLASSIC, ProfileType.CPU, RUN);

        // Then
        assertThat(fetch).isInstanceOf(ProfileFetch.Unreachable.class);
        assertThat(fetch.isOk()).isFalse();
        assertThat(fetch.reason()).isEqualTo("Pyroscope at http://127.0.0.1:4041 is unreachable "
                + "(ConnectException: Connection refused) while fetching CPU profile perfgate-demo.itimer"
                + "{run_id=\"42\"} over 2024-03-13T18:15:00Z – 2024-03-13T18:20:00Z");
    }

    @Test
    void shouldReportTimeoutAsUnreachable() {
        // Given
        FakeTransport transport = new FakeTransport().failOn("/render", new HttpTimeoutException("request timed out"));

        // When
        ProfileFetch fetch = new PyroscopeClient(transport).fetch(CLASSIC, ProfileType.CPU, RUN);

        // Then
        assertThat(fetch).isInstanceOf(ProfileFetch.Unreachable.class);
        assertThat(fetch.reason()).startsWith("Pyroscope at http://127.0.0.1:4041 did not answer in time");
    }

    @Test
    void shouldReportServerErrorWithStatusAndBody() {
        // Given
        FakeTransport transport = new FakeTransport().on("/render", 500, "storage\nis closed\n");

        // When
        ProfileFetch fetch = new PyroscopeClient(transport).fetch(CLASSIC, ProfileType.CPU, RUN);

        // Then
        assertThat(fetch).isInstanceOfSatisfying(ProfileFetch.HttpError.class,
                error -> assertThat(error.status()).isEqualTo(500));
        assertThat(fetch.reason()).startsWith("Pyroscope at http://127.0.0.1:4041 answered HTTP 500 to /render")
                .endsWith(": storage is closed");
    }

    @Test
    void shouldReportNonProfileAnswerAsMalformed() {
        // Given a proxy login page instead of JSON
        FakeTransport transport = new FakeTransport().on("/render", 200, "<html>Sign in</html>");

        // When
        ProfileFetch fetch = new PyroscopeClient(transport).fetch(CLASSIC, ProfileType.CPU, RUN);

        // Then
        assertThat(fetch).isInstanceOf(ProfileFetch.Malformed.class);
        assertThat(fetch.reason()).startsWith("Pyroscope at http://127.0.0.1:4041 returned a malformed profile for "
                + "CPU profile perfgate-demo.itimer{run_id=\"42\"}").contains("not flamebearer JSON");
    }
}

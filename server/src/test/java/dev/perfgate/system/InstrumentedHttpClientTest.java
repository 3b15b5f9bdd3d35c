package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletionException;

import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

class InstrumentedHttpClientTest {

    @Test
    void shouldNameTheOutcomeOfAnAnswer() {
        assertThat(InstrumentedHttpClient.outcome(200, null)).isEqualTo("SUCCESS");
        assertThat(InstrumentedHttpClient.outcome(302, null)).isEqualTo("REDIRECTION");
        assertThat(InstrumentedHttpClient.outcome(404, null)).isEqualTo("CLIENT_ERROR");
        assertThat(InstrumentedHttpClient.outcome(500, null)).isEqualTo("SERVER_ERROR");
    }

    @Test
    void shouldNameTheOutcomeOfNoAnswer() {
        assertThat(InstrumentedHttpClient.outcome(0, new HttpTimeoutException("slow"))).isEqualTo("TIMEOUT");
        assertThat(InstrumentedHttpClient.outcome(0, new ConnectException("refused"))).isEqualTo("IO_ERROR");
        assertThat(InstrumentedHttpClient.outcome(0, new CompletionException(new IOException("reset"))))
                .as("an async failure is judged by its cause").isEqualTo("IO_ERROR");
        assertThat(InstrumentedHttpClient.outcome(0, new InterruptedException())).isEqualTo("INTERRUPTED");
        assertThat(InstrumentedHttpClient.outcome(0, new IllegalArgumentException("bad uri"))).isEqualTo("ERROR");
    }

    @Test
    void shouldAnswerWithTheWrappedClientsSettings() {
        HttpClient wrapped = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3))
                .followRedirects(HttpClient.Redirect.NORMAL).version(HttpClient.Version.HTTP_1_1).build();

        HttpClient client = new InstrumentedHttpClient(wrapped, "prometheus", new SimpleMeterRegistry());

        assertThat(client.connectTimeout()).contains(Duration.ofSeconds(3));
        assertThat(client.followRedirects()).isEqualTo(HttpClient.Redirect.NORMAL);
        assertThat(client.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
        assertThat(client.sslContext()).isSameAs(wrapped.sslContext());
        assertThat(client.executor()).isEqualTo(wrapped.executor());
    }
}

package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The timed client against a real HTTP server on loopback, and against a closed port. */
class OutboundHttpIT {

    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final HttpClient client = new OutboundHttp(registry).client("prometheus", Duration.ofSeconds(2));
    HttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/ok", exchange -> {
            exchange.sendResponseHeaders(200, 2);
            exchange.getResponseBody().write("ok".getBytes());
            exchange.close();
        });
        server.createContext("/broken", exchange -> {
            exchange.sendResponseHeaders(503, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void shouldTimeAnswersByTargetStatusAndOutcome() throws Exception {
        client.send(get("/ok"), HttpResponse.BodyHandlers.ofString());
        client.sendAsync(get("/ok"), HttpResponse.BodyHandlers.ofString()).join();
        client.send(get("/broken"), HttpResponse.BodyHandlers.discarding());

        assertThat(registry.get(OutboundHttp.METRIC).tags("target", "prometheus", "method", "GET", "status", "200",
                "outcome", "SUCCESS").timer().count()).isEqualTo(2);
        assertThat(registry.get(OutboundHttp.METRIC).tags("status", "503", "outcome", "SERVER_ERROR").timer().count())
                .isEqualTo(1);
    }

    @Test
    void shouldTimeAnUnreachableServerAsAnIoError() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + closed + "/")).build();

        assertThatThrownBy(() -> client.send(request, HttpResponse.BodyHandlers.discarding())).isInstanceOf(IOException.class);

        assertThat(registry.get(OutboundHttp.METRIC).tags("status", "none", "outcome", "IO_ERROR").timer().count())
                .isEqualTo(1);
    }

    @Test
    void shouldKeepTheWrappedClientsSettings() {
        assertThat(client.connectTimeout()).contains(Duration.ofSeconds(2));
    }

    private HttpRequest get(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path)).build();
    }
}

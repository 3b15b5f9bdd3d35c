package dev.perfgate.check;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import com.sun.net.httpserver.HttpServer;

/**
 * A scrape target on 127.0.0.1:19101 (where the test Prometheus looks, see
 * scripts/test-servers/prometheus.yml) serving one CPU-like gauge whose value the test sets.
 */
final class GaugeTarget implements AutoCloseable {

    static final int PORT = 19101;

    private final HttpServer server;
    private final String label;
    private volatile double value;

    GaugeTarget(String label) throws IOException {
        this.label = label;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", PORT), 0);
        server.createContext("/metrics", exchange -> {
            byte[] body = ("# TYPE perfgate_test_cpu_percent gauge\nperfgate_test_cpu_percent{story=\"" + label + "\"} "
                    + String.format(Locale.ROOT, "%.4f", value) + "\n").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    void set(double value) {
        this.value = value;
    }

    String query() {
        return "max(perfgate_test_cpu_percent{story=\"" + label + "\"})";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

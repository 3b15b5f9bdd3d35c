package dev.perfgate.gatling;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback HTTP server for the Gatling integration test: {@code /fast}, {@code /medium} (15 ms),
 * {@code /slow} (40 ms) and {@code /flaky} (5 ms, every 5th call a 500). It records when each request arrived.
 */
final class LoopbackServer implements AutoCloseable {

  private final HttpServer server;
  private final ExecutorService executor = Executors.newFixedThreadPool(32);
  private final Queue<Long> arrivals = new ConcurrentLinkedQueue<>();
  private final AtomicInteger flakyCalls = new AtomicInteger();

  private LoopbackServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    server.createContext("/fast", exchange -> respond(exchange, 0, 200));
    server.createContext("/medium", exchange -> respond(exchange, 15, 200));
    server.createContext("/slow", exchange -> respond(exchange, 40, 200));
    server.createContext("/flaky",
        exchange -> respond(exchange, 5, flakyCalls.incrementAndGet() % 5 == 0 ? 500 : 200));
    server.setExecutor(executor);
    server.start();
  }

  static LoopbackServer start() throws IOException {
    return new LoopbackServer();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Requests that arrived at or after {@code epochMillis}. */
  long arrivalsFrom(long epochMillis) {
    return arrivals.stream().filter(arrival -> arrival >= epochMillis).count();
  }

  long arrivals() {
    return arrivals.size();
  }

  private void respond(HttpExchange exchange, long delayMs, int status) throws IOException {
    arrivals.add(System.currentTimeMillis());
    try {
      Thread.sleep(delayMs);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    byte[] body = ("{\"status\":" + status + "}").getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}

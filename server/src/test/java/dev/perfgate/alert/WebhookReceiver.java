package dev.perfgate.alert;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Stands in for Slack in tests: a JDK HTTP server on 127.0.0.1 (random port, kept across stop and start) that records
 * every request with the status it answered. It can be stopped (down), and told to answer the next requests with
 * 429 + Retry-After or 500. chat.postMessage paths get Slack's {@code {"ok":true}} answer.
 */
final class WebhookReceiver implements AutoCloseable {

    /** One request as received, and what it was answered. */
    record Received(String path, String idempotencyKey, String authorization, String body, Instant at, int answered) {
        JsonNode json() {
            return JsonMapper.shared().readTree(body);
        }

        boolean delivered() {
            return answered >= 200 && answered < 300;
        }
    }

    private record Answer(int status, String retryAfter) {
    }

    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Deque<Answer> script = new ArrayDeque<>();
    private final int port;
    private volatile long delayMillis;
    private HttpServer server;
    private java.util.concurrent.ExecutorService executor;

    WebhookReceiver() throws IOException {
        server = bind(0);
        port = server.getAddress().getPort();
    }

    String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    /** Down: connections are refused until {@link #start()}. */
    synchronized void stop() {
        if (server != null) {
            server.stop(0);
            executor.shutdownNow();
            server = null;
        }
    }

    synchronized void start() throws IOException {
        if (server == null) {
            server = bind(port);
        }
    }

    /** The next {@code times} requests get this status (and Retry-After header when not null). */
    synchronized void answerNext(int status, String retryAfter, int times) {
        for (int i = 0; i < times; i++) {
            script.add(new Answer(status, retryAfter));
        }
    }

    /** Every request takes this long to answer (to make concurrent senders overlap). */
    void delay(Duration delay) {
        delayMillis = delay.toMillis();
    }

    List<Received> all() {
        return List.copyOf(received);
    }

    List<Received> all(Predicate<Received> which) {
        return received.stream().filter(which).toList();
    }

    List<Received> delivered(Predicate<Received> which) {
        return received.stream().filter(Received::delivered).filter(which).toList();
    }

    /** Waits until a request matching {@code which} was answered 2xx, and returns the first. */
    Received awaitDelivered(Predicate<Received> which, Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            List<Received> found = delivered(which);
            if (!found.isEmpty()) {
                return found.get(0);
            }
            Thread.sleep(50);
        }
        throw new AssertionError("nothing delivered within " + timeout + "; received: " + received);
    }

    static Predicate<Received> containing(String text) {
        return r -> r.body().contains(text);
    }

    @Override
    public void close() {
        stop();
    }

    private HttpServer bind(int port) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 50);
        executor = Executors.newFixedThreadPool(4);
        s.setExecutor(executor);
        s.createContext("/", this::handle);
        s.start();
        return s;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body;
        try (InputStream in = exchange.getRequestBody()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (delayMillis > 0) {
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Answer answer;
        synchronized (this) {
            answer = script.isEmpty() ? new Answer(200, null) : script.poll();
        }
        String path = exchange.getRequestURI().getPath();
        received.add(new Received(path, exchange.getRequestHeaders().getFirst("Idempotency-Key"),
                exchange.getRequestHeaders().getFirst("Authorization"), body, Instant.now(), answer.status()));
        String reply = answer.status() == 200
                ? (path.endsWith("/chat.postMessage") ? "{\"ok\":true,\"ts\":\"1700000000.000100\"}" : "ok")
                : (answer.status() == 429 ? "rate_limited" : "rollup_error");
        if (answer.retryAfter() != null) {
            exchange.getResponseHeaders().add("Retry-After", answer.retryAfter());
        }
        byte[] bytes = reply.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(answer.status(), bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}

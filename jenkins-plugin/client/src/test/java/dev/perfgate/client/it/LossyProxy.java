package dev.perfgate.client.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A loopback HTTP/1.1 proxy in front of PerfGate that misbehaves on purpose, one request per connection:
 * it can forward a request and then drop the connection instead of answering (the response is lost on the way back),
 * or answer 503 without forwarding (PerfGate restarting behind a load balancer).
 */
final class LossyProxy implements AutoCloseable {

  private final ServerSocket socket;
  private final int target;
  private final ExecutorService workers = Executors.newCachedThreadPool();
  private final AtomicInteger dropsLeft = new AtomicInteger();
  private final AtomicInteger unavailableLeft = new AtomicInteger();
  private final AtomicInteger forwarded = new AtomicInteger();
  private volatile String retryAfter;
  private volatile Predicate<String> dropWhen = requestLine -> false;

  LossyProxy(int targetPort) throws IOException {
    this.target = targetPort;
    this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    workers.submit(this::accept);
  }

  String url() {
    return "http://127.0.0.1:" + socket.getLocalPort();
  }

  /** Forwards the next {@code count} requests whose request line matches, and drops their responses. */
  LossyProxy dropResponses(int count, Predicate<String> requestLine) {
    this.dropWhen = requestLine;
    dropsLeft.set(count);
    return this;
  }

  /** Answers the next {@code count} requests 503 without forwarding them. */
  LossyProxy unavailable(int count) {
    unavailableLeft.set(count);
    return this;
  }

  /** Sends this Retry-After header (seconds or an HTTP date) with each 503. */
  LossyProxy retryAfter(String value) {
    this.retryAfter = value;
    return this;
  }

  /** Requests that reached PerfGate. */
  int forwarded() {
    return forwarded.get();
  }

  private void accept() {
    while (!socket.isClosed()) {
      try {
        Socket client = socket.accept();
        workers.submit(() -> handle(client));
      } catch (IOException closed) {
        return;
      }
    }
  }

  private void handle(Socket client) {
    try (client) {
      byte[] request = readRequest(client.getInputStream());
      if (request == null) {
        return;
      }
      String requestLine = new String(request, 0, indexOf(request, "\r\n"), StandardCharsets.ISO_8859_1);
      OutputStream toClient = client.getOutputStream();
      if (unavailableLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        byte[] body = "{\"title\":\"Service Unavailable\",\"status\":503}".getBytes(StandardCharsets.UTF_8);
        toClient.write(("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\nContent-Length: "
            + body.length + (retryAfter == null ? "" : "\r\nRetry-After: " + retryAfter)
            + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        toClient.write(body);
        toClient.flush();
        return;
      }
      byte[] response = forward(request);
      forwarded.incrementAndGet();
      if (dropWhen.test(requestLine) && dropsLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        return; // PerfGate did the work; its answer never arrives
      }
      toClient.write(response);
      toClient.flush();
    } catch (IOException e) {
      // the client went away
    }
  }

  private byte[] forward(byte[] request) throws IOException {
    try (Socket server = new Socket(InetAddress.getLoopbackAddress(), target)) {
      server.getOutputStream().write(request);
      server.getOutputStream().flush();
      return server.getInputStream().readAllBytes();
    }
  }

  /** Reads one request (head and Content-Length body) and makes it close the connection after the answer. */
  private static byte[] readRequest(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int b;
    while ((b = in.read()) != -1) {
      head.write(b);
      byte[] bytes = head.toByteArray();
      if (bytes.length >= 4 && bytes[bytes.length - 4] == '\r' && bytes[bytes.length - 3] == '\n'
          && bytes[bytes.length - 2] == '\r' && bytes[bytes.length - 1] == '\n') {
        break;
      }
    }
    if (head.size() == 0) {
      return null;
    }
    StringBuilder rewritten = new StringBuilder();
    int length = 0;
    for (String line : head.toString(StandardCharsets.ISO_8859_1).split("\r\n")) {
      String lower = line.toLowerCase(Locale.ROOT);
      if (lower.startsWith("content-length:")) {
        length = Integer.parseInt(line.substring("content-length:".length()).strip());
      }
      if (!lower.startsWith("connection:") && !line.isEmpty()) {
        rewritten.append(line).append("\r\n");
      }
    }
    rewritten.append("Connection: close\r\n\r\n");
    ByteArrayOutputStream request = new ByteArrayOutputStream();
    request.write(rewritten.toString().getBytes(StandardCharsets.ISO_8859_1));
    request.write(in.readNBytes(length));
    return request.toByteArray();
  }

  private static int indexOf(byte[] bytes, String text) {
    return new String(bytes, StandardCharsets.ISO_8859_1).indexOf(text);
  }

  @Override
  public void close() throws IOException {
    socket.close();
    workers.shutdownNow();
  }
}

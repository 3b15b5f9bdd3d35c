package dev.perfgate.client.api;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/** {@link Transport} over the JDK's {@link HttpClient}: no dependency, HTTP/1.1, follows no redirect. */
public final class JdkTransport implements Transport {

  private final HttpClient http;

  public JdkTransport(Duration connectTimeout) {
    // HTTP/1.1: a proxy or load balancer in front of PerfGate may not speak h2c, and upgrades cost a round trip
    this.http = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(connectTimeout)
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();
  }

  @Override
  public Response send(String method, URI uri, Map<String, String> headers, byte[] body, Duration timeout)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout)
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
    headers.forEach(request::header);
    HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    return new Response(response.statusCode(), response.body(),
        Retry.retryAfter(response.headers().firstValue("Retry-After").orElse(null), Instant.now()));
  }
}

package dev.perfgate.profile;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** {@link Transport} over the JDK HttpClient with a connect and a per-request timeout. */
final class JdkTransport implements Transport {

    private final HttpClient http;
    private final Duration requestTimeout;

    JdkTransport(Duration connectTimeout, Duration requestTimeout) {
        this(builder(connectTimeout).build(), requestTimeout);
    }

    /** Over a client made elsewhere (e.g. timed by system.OutboundHttp), best from {@link #builder}. */
    JdkTransport(HttpClient http, Duration requestTimeout) {
        this.http = http;
        this.requestTimeout = requestTimeout;
    }

    /** The client settings Pyroscope needs: HTTP/1.1, redirects followed, a connect timeout. */
    static HttpClient.Builder builder(Duration connectTimeout) {
        return HttpClient.newBuilder()
                .connectTimeout(connectTimeout)
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NORMAL);
    }

    @Override
    public Response get(URI uri) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri).GET());
    }

    @Override
    public Response postJson(URI uri, String body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private Response send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(
                request.timeout(requestTimeout).header("Accept", "application/json").build(),
                HttpResponse.BodyHandlers.ofString());
        return new Response(response.statusCode(), response.body());
    }
}

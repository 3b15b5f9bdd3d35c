package dev.perfgate.system;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

import lombok.experimental.Delegate;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/** A JDK HttpClient that times every exchange; everything else is the wrapped client's. */
final class InstrumentedHttpClient extends HttpClient {

    /** What the wrapped client answers as it is: its settings (Lombok writes the forwarding methods). */
    private interface Settings {
        Optional<CookieHandler> cookieHandler();

        Optional<Duration> connectTimeout();

        Redirect followRedirects();

        Optional<ProxySelector> proxy();

        SSLContext sslContext();

        SSLParameters sslParameters();

        Optional<Authenticator> authenticator();

        Version version();

        Optional<Executor> executor();
    }

    @Delegate(types = Settings.class)
    private final HttpClient delegate;
    private final String target;
    private final MeterRegistry registry;
    private final UnaryOperator<HttpRequest> credentials;

    InstrumentedHttpClient(HttpClient delegate, String target, MeterRegistry registry) {
        this(delegate, target, registry, request -> request);
    }

    InstrumentedHttpClient(HttpClient delegate, String target, MeterRegistry registry, UnaryOperator<HttpRequest> credentials) {
        this.delegate = delegate;
        this.target = target;
        this.registry = registry;
        this.credentials = credentials;
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        Timer.Sample sample = Timer.start(registry);
        try {
            HttpResponse<T> response = delegate.send(credentials.apply(request), handler);
            record(sample, request, response.statusCode(), null);
            return response;
        } catch (IOException | InterruptedException | RuntimeException e) {
            record(sample, request, 0, e);
            throw e;
        }
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        return timed(request, delegate.sendAsync(credentials.apply(request), handler));
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
            HttpResponse.PushPromiseHandler<T> pushPromiseHandler) {
        return timed(request, delegate.sendAsync(credentials.apply(request), handler, pushPromiseHandler));
    }

    private <T> CompletableFuture<HttpResponse<T>> timed(HttpRequest request, CompletableFuture<HttpResponse<T>> call) {
        Timer.Sample sample = Timer.start(registry);
        return call.whenComplete((response, error) -> record(sample, request,
                response == null ? 0 : response.statusCode(), error));
    }

    private void record(Timer.Sample sample, HttpRequest request, int status, Throwable error) {
        sample.stop(Timer.builder(OutboundHttp.METRIC)
                .description("Calls PerfGate made to other servers, by target (prometheus, pyroscope, slack, webhook, jenkins)")
                .tag("target", target)
                .tag("method", request.method())
                .tag("status", error == null ? Integer.toString(status) : "none")
                .tag("outcome", outcome(status, error))
                .serviceLevelObjectives(OutboundHttp.BUCKETS)
                .register(registry));
    }

    /** SUCCESS, REDIRECTION, CLIENT_ERROR, SERVER_ERROR for answers; TIMEOUT, IO_ERROR, INTERRUPTED, ERROR for none. */
    static String outcome(int status, Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof HttpConnectTimeoutException || cause instanceof HttpTimeoutException) {
            return "TIMEOUT";
        }
        if (cause instanceof InterruptedException) {
            return "INTERRUPTED";
        }
        if (cause instanceof IOException) {
            return "IO_ERROR";
        }
        if (cause != null) {
            return "ERROR";
        }
        if (status >= 500) {
            return "SERVER_ERROR";
        }
        if (status >= 400) {
            return "CLIENT_ERROR";
        }
        if (status >= 300) {
            return "REDIRECTION";
        }
        return status >= 200 ? "SUCCESS" : "UNKNOWN";
    }
}

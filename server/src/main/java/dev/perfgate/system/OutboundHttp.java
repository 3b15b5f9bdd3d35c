package dev.perfgate.system;

import java.net.http.HttpClient;
import java.time.Duration;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;


/**
 * Makes the JDK HTTP clients PerfGate calls other servers with (Prometheus, Pyroscope, Slack, webhooks, Jenkins), each
 * timed as {@code perfgate_outbound_requests_seconds{target, method, status, outcome}}. The target is
 * a fixed name chosen by the caller, never a URL, so the label stays bounded. Credentials the check files
 * give for a URL ({@link OutboundAuth}) are added to each request here, never to the URLs callers hold.
 */
@Component
public class OutboundHttp {

    static final String METRIC = "perfgate.outbound.requests";
    static final Duration[] BUCKETS = {Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25),
            Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
            Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10),
            Duration.ofSeconds(30)};

    private final MeterRegistry registry;
    private final ObjectProvider<OutboundAuth> auth;

    public OutboundHttp(MeterRegistry registry) {
        this(registry, null);
    }

    @Autowired
    public OutboundHttp(MeterRegistry registry, ObjectProvider<OutboundAuth> auth) {
        this.registry = registry;
        this.auth = auth;
    }

    /** A client built from the builder whose every exchange is timed under this target name. */
    public HttpClient client(String target, HttpClient.Builder builder) {
        return new InstrumentedHttpClient(builder.build(), target, registry,
                auth == null ? request -> request : request -> auth.stream().reduce(request, (r, a) -> a.apply(r), (a, b) -> b));
    }

    /** A client with a connect timeout and otherwise the JDK's defaults. */
    public HttpClient client(String target, Duration connectTimeout) {
        return client(target, HttpClient.newBuilder().connectTimeout(connectTimeout));
    }
}

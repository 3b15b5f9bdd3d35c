package dev.perfgate.system;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * Absolute links to PerfGate's own pages and API, for CI logs and Slack: from {@code perfgate.public-url} when set
 * (behind a proxy), else from the current request, but only when its Host is this server's own address, a loopback
 * name or one of {@code perfgate.allowed-hosts}: a caller's {@code Host: evil.example} never makes a link to there
 * (the link then uses the address the request arrived at). Outside a request (a verdict judged in the background)
 * links name this server on loopback at the port it listens on: set {@code perfgate.public-url} for links others
 * can open.
 */
@Component
public class PublicUrls {

    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1", "0:0:0:0:0:0:0:1");

    private final String configured;
    private final Set<String> allowedHosts;
    /** Outside a request (a verdict judged in the background): this server on loopback, once its port is known. */
    private volatile String local = "http://localhost:8080";

    PublicUrls(@Value("${perfgate.public-url:}") String configured, @Value("${perfgate.allowed-hosts:}") String allowedHosts) {
        this.configured = configured.endsWith("/") ? configured.substring(0, configured.length() - 1) : configured;
        this.allowedHosts = Arrays.stream(allowedHosts.split(",")).map(String::trim).filter(h -> !h.isEmpty())
                .map(h -> h.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    public String base() {
        if (StringUtils.hasText(configured)) {
            return configured;
        }
        if (RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes) {
            HttpServletRequest request = attributes.getRequest();
            if (trusted(request)) {
                return ServletUriComponentsBuilder.fromCurrentContextPath().build().toUriString();
            }
            String address = request.getLocalAddr();
            String host = address.contains(":") && !address.startsWith("[") ? "[" + address + "]" : address;
            return request.getScheme() + "://" + host + ":" + request.getLocalPort() + request.getContextPath();
        }
        return local;
    }

    @EventListener
    void started(WebServerInitializedEvent event) {
        if (event.getApplicationContext().getServerNamespace() != null) {
            return; // e.g. a separate management port
        }
        String contextPath = event.getApplicationContext().getEnvironment().getProperty("server.servlet.context-path", "");
        local = "http://localhost:" + event.getWebServer().getPort()
                + (contextPath.endsWith("/") ? contextPath.substring(0, contextPath.length() - 1) : contextPath);
    }

    /**
     * These links as the current request would make them, for an answer written on another thread (an intake turn, a
     * verdict waited for), where the request is no longer at hand.
     */
    public PublicUrls here() {
        return new PublicUrls(base(), "");
    }

    public String of(String path) {
        return base() + path;
    }

    private boolean trusted(HttpServletRequest request) {
        String host = request.getServerName() == null ? "" : request.getServerName().toLowerCase(Locale.ROOT);
        return LOOPBACK.contains(host) || allowedHosts.contains(host) || host.equals(request.getLocalAddr())
                || ("[" + request.getLocalAddr() + "]").equals(host);
    }
}

package dev.perfgate.system;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * Absolute links to PerfGate's own pages and API, for CI logs and Slack: from {@code perfgate.public-url} when set
 * (behind a proxy), else from the current request, but only when its Host is this server's own address, a loopback
 * name or one of {@code perfgate.allowed-hosts}: a caller's {@code Host: evil.example} never makes a link to there
 * (the link then uses the address the request arrived at).
 */
@Component
public class PublicUrls {

    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1", "0:0:0:0:0:0:0:1");

    private final String configured;
    private final Set<String> allowedHosts;

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
        return "http://localhost:8080";
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

package dev.perfgate.system;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * Absolute links to PerfGate's own pages and API, for CI logs and Slack: from
 * {@code perfgate.public-url} when set (behind a proxy), else from the current request.
 */
@Component
public class PublicUrls {

    private final String configured;

    PublicUrls(@Value("${perfgate.public-url:}") String configured) {
        this.configured = configured.endsWith("/") ? configured.substring(0, configured.length() - 1) : configured;
    }

    public String base() {
        if (StringUtils.hasText(configured)) {
            return configured;
        }
        if (RequestContextHolder.getRequestAttributes() != null) {
            return ServletUriComponentsBuilder.fromCurrentContextPath().build().toUriString();
        }
        return "http://localhost:8080";
    }

    public String of(String path) {
        return base() + path;
    }
}

package dev.perfgate.profile;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Builds {@code base/path?k=v&…} with every key and value percent-encoded (spaces as {@code %20}). */
final class UrlQuery {

    private final StringBuilder url;
    private char separator = '?';

    private UrlQuery(String base, String path) {
        this.url = new StringBuilder(stripTrailingSlash(base)).append(path);
    }

    static UrlQuery at(URI base, String path) {
        return new UrlQuery(base.toString(), path);
    }

    UrlQuery param(String name, Object value) {
        url.append(separator).append(encode(name)).append('=').append(encode(String.valueOf(value)));
        separator = '&';
        return this;
    }

    UrlQuery paramIfPresent(String name, String value) {
        return value == null ? this : param(name, value);
    }

    String build() {
        return url.toString();
    }

    URI toUri() {
        return URI.create(build());
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String stripTrailingSlash(String base) {
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}

package dev.perfgate.system;

import java.net.URI;
import java.net.http.HttpRequest;

/**
 * Credentials for calls to other servers, added by the outbound HTTP client only: an Authorization header and any
 * secret query parameters for the request's URL. Secrets never sit in the URLs PerfGate shows, stores or logs.
 */
public interface OutboundAuth {

    /** What to add to a request to {@code uri}; {@link Addition#NONE} when nothing. */
    Addition forUri(URI uri);

    /** An Authorization header value (null: none) and query parameters to append (as written, possibly empty). */
    record Addition(String authorization, String query) {
        public static final Addition NONE = new Addition(null, "");
    }

    /** The request with the addition applied; an Authorization header the caller set is kept. */
    default HttpRequest apply(HttpRequest request) {
        Addition addition = forUri(request.uri());
        if (addition == null || addition.authorization() == null && addition.query().isEmpty()) {
            return request;
        }
        URI uri = request.uri();
        if (!addition.query().isEmpty()) {
            String raw = uri.toString();
            int fragment = raw.indexOf('#');
            String head = fragment < 0 ? raw : raw.substring(0, fragment);
            uri = URI.create(head + (uri.getRawQuery() == null ? "?" : "&") + addition.query()
                    + (fragment < 0 ? "" : raw.substring(fragment)));
        }
        HttpRequest.Builder builder = HttpRequest.newBuilder(request, (name, value) -> true).uri(uri);
        if (addition.authorization() != null && request.headers().firstValue("Authorization").isEmpty()) {
            builder.header("Authorization", addition.authorization());
        }
        return builder.build();
    }
}

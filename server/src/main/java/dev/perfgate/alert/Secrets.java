package dev.perfgate.alert;

import java.net.URI;

/** Masks webhook URLs and tokens so that logs, errors and the API never show them. */
final class Secrets {

    static final String MASK = "***";

    private Secrets() {
    }

    /** Scheme, host and port only: Slack webhook paths are the secret. */
    static String url(URI uri) {
        if (uri == null) {
            return null;
        }
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort()) + "/" + MASK;
    }

    /** The token's kind prefix only (e.g. {@code xoxb-***}). */
    static String token(String token) {
        if (token == null) {
            return null;
        }
        int dash = token.indexOf('-');
        return (dash > 0 && dash <= 5 ? token.substring(0, dash + 1) : "") + MASK;
    }

    /** The text with every occurrence of the secrets replaced by their masked form. */
    static String scrub(String text, URI url, String token) {
        if (text == null) {
            return null;
        }
        String scrubbed = text;
        if (url != null) {
            scrubbed = scrubbed.replace(url.toString(), url(url));
            if (url.getRawPath() != null && url.getRawPath().length() > 1) {
                scrubbed = scrubbed.replace(url.getRawPath(), "/" + MASK);
            }
        }
        if (token != null && !token.isEmpty()) {
            scrubbed = scrubbed.replace(token, token(token));
        }
        return scrubbed;
    }
}

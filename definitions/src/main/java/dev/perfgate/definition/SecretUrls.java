package dev.perfgate.definition;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Secrets in URLs: a {@code user:password@} and query parameters such as {@code token=}, {@code api_key=} or
 * {@code password=}. {@link #mask} hides them in any text (messages, logs); {@link #split} takes them out of a URL
 * so that the URL can be shown and the secrets sent by the outbound client only.
 */
public final class SecretUrls {

    public static final String MASK = "***";

    /** Query parameter names whose values are secret. */
    static final String SECRET_NAMES = "(?:access_?token|id_?token|auth_?token|token|api[_-]?key|apikey|key|password|passwd|pwd"
            + "|secret|client_?secret|auth|authorization|signature|sig|x-amz-signature|x-amz-credential|private_?token)";

    private static final Pattern USERINFO = Pattern.compile("(?i)\\b([a-z][a-z0-9+.-]*://)([^/\\s:@?#\"'<>]*):([^/\\s@?#\"'<>]+)@");
    private static final Pattern PARAM = Pattern.compile("(?i)([?&;](?:amp;)?" + SECRET_NAMES + "=)([^&\\s\"'#<>;)]*)");

    private SecretUrls() {
    }

    /** The text with every URL password and secret query value replaced by {@value #MASK}. */
    public static String mask(String text) {
        if (text == null || text.indexOf(':') < 0 && text.indexOf('=') < 0) {
            return text;
        }
        String masked = USERINFO.matcher(text).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + m.group(2) + ":" + MASK + "@"));
        return PARAM.matcher(masked).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + (m.group(2).isEmpty() ? "" : MASK)));
    }

    /** A URL without its secrets, and the secrets: user and password (decoded), and the secret query parameters as written. */
    public record Split(String url, String username, String password, List<String> secretParameters) {
        public boolean hasSecrets() {
            return password != null || username != null || !secretParameters.isEmpty();
        }
    }

    public static Split split(String url) {
        if (url == null) {
            return new Split(null, null, null, List.of());
        }
        String clean = url;
        String username = null;
        String password = null;
        int scheme = clean.indexOf("://");
        if (scheme > 0) {
            int hostStart = scheme + 3;
            int hostEnd = indexOfAny(clean, hostStart, "/?#");
            int at = clean.lastIndexOf('@', hostEnd - 1);
            if (at >= hostStart) {
                String userInfo = clean.substring(hostStart, at);
                int colon = userInfo.indexOf(':');
                username = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
                password = colon < 0 ? null : decode(userInfo.substring(colon + 1));
                clean = clean.substring(0, hostStart) + clean.substring(at + 1);
            }
        }
        List<String> secrets = new ArrayList<>();
        int query = clean.indexOf('?');
        if (query >= 0) {
            int fragment = clean.indexOf('#', query);
            String tail = fragment < 0 ? "" : clean.substring(fragment);
            List<String> kept = new ArrayList<>();
            for (String parameter : clean.substring(query + 1, fragment < 0 ? clean.length() : fragment).split("&")) {
                if (parameter.isEmpty()) {
                    continue;
                }
                String name = parameter.contains("=") ? parameter.substring(0, parameter.indexOf('=')) : parameter;
                (name.matches("(?i)" + SECRET_NAMES) ? secrets : kept).add(parameter);
            }
            clean = clean.substring(0, query) + (kept.isEmpty() ? "" : "?" + String.join("&", kept)) + tail;
        }
        return new Split(clean, username, password, List.copyOf(secrets));
    }

    private static int indexOfAny(String text, int from, String chars) {
        for (int i = from; i < text.length(); i++) {
            if (chars.indexOf(text.charAt(i)) >= 0) {
                return i;
            }
        }
        return text.length();
    }

    private static String decode(String value) {
        try {
            return URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return value;
        }
    }
}

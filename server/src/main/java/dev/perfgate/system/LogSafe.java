package dev.perfgate.system;

/**
 * Values from callers (run fields, request names, error texts quoting them) made safe for a log line: control
 * characters and line separators are escaped, so a name holding a line break cannot forge a log entry.
 */
public final class LogSafe {

    private LogSafe() {
    }

    /** The value's text with every control character written as an escape ({@code \n}, {@code \u001b}). */
    public static String of(Object value) {
        if (value == null) {
            return null;
        }
        String text = String.valueOf(value);
        StringBuilder safe = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
            if (control && safe == null) {
                safe = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (safe != null) {
                if (!control) {
                    safe.append(c);
                } else if (c == '\n') {
                    safe.append("\\n");
                } else if (c == '\r') {
                    safe.append("\\r");
                } else if (c == '\t') {
                    safe.append("\\t");
                } else {
                    safe.append(String.format("\\u%04x", (int) c));
                }
            }
        }
        return safe == null ? text : safe.toString();
    }
}

package dev.perfgate.alert;

import java.time.Duration;
import java.util.Set;

/** The outcome of one attempt to post an alert: sent, worth retrying (maybe after a given wait), or rejected for good. */
record Delivery(Outcome outcome, Duration retryAfter, String detail) {

    enum Outcome {
        SENT, RETRY, REJECTED
    }

    /** Answers that no retry can change: bad payload, revoked or unknown webhook, archived channel. */
    private static final Set<Integer> PERMANENT = Set.of(400, 401, 403, 404, 410);

    static Delivery sent(String detail) {
        return new Delivery(Outcome.SENT, null, detail);
    }

    static Delivery retry(String detail, Duration retryAfter) {
        return new Delivery(Outcome.RETRY, retryAfter, detail);
    }

    static Delivery rejected(String detail) {
        return new Delivery(Outcome.REJECTED, null, detail);
    }

    /** An HTTP answer: 2xx sent, 400/401/403/404/410 rejected, anything else (429, 5xx, 408…) retried. */
    static Delivery ofHttp(int status, String body, Duration retryAfter) {
        String detail = "HTTP " + status + (body == null || body.isBlank() ? "" : ": " + shorten(body));
        if (status >= 200 && status < 300) {
            return sent(detail);
        }
        if (PERMANENT.contains(status)) {
            return rejected(detail);
        }
        return retry(detail, retryAfter);
    }

    static String shorten(String text) {
        String oneLine = text.strip().replaceAll("\\s+", " ");
        return oneLine.length() <= 300 ? oneLine : oneLine.substring(0, 299) + "…";
    }
}

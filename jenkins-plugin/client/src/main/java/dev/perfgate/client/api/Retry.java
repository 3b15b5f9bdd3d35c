package dev.perfgate.client.api;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * How often and how patiently a call to PerfGate is repeated after a network error or a 502/503/504: the wait the
 * answer's Retry-After asks for (at most {@link #MAX_RETRY_AFTER}), else exponential backoff, capped, for a bounded
 * number of attempts. Every call of the API is safe to repeat (runs are idempotent by
 * runId, results replace, ending again the same way is harmless), so the policy applies to all of them.
 *
 * @param maxAttempts attempts in all, at least 1
 * @param initialDelay wait before the second attempt
 * @param maxDelay no wait is longer
 * @param multiplier each wait is this times the previous one
 */
public record Retry(int maxAttempts, Duration initialDelay, Duration maxDelay, double multiplier) {

  /** 5 attempts, waiting 0.5, 1, 2 and 4 s: rides out a restart of PerfGate, gives up within ~8 s of waiting. */
  public static final Retry DEFAULT = new Retry(5, Duration.ofMillis(500), Duration.ofSeconds(8), 2.0);

  public Retry {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("at least 1 attempt, got " + maxAttempts);
    }
    if (initialDelay.isNegative() || maxDelay.isNegative() || multiplier < 1) {
      throw new IllegalArgumentException("delays must not be negative nor shrink");
    }
  }

  /** The same backoff with {@code retries} repetitions after the first attempt. */
  public Retry withRetries(int retries) {
    return new Retry(retries + 1, initialDelay, maxDelay, multiplier);
  }

  public Retry withInitialDelay(Duration delay) {
    return new Retry(maxAttempts, delay, maxDelay.compareTo(delay) < 0 ? delay : maxDelay, multiplier);
  }

  /** The wait before attempt {@code attempt} (2 for the first retry). */
  public Duration delayBefore(int attempt) {
    if (attempt < 2) {
      return Duration.ZERO;
    }
    double millis = initialDelay.toMillis() * Math.pow(multiplier, attempt - 2);
    return millis >= maxDelay.toMillis() ? maxDelay : Duration.ofMillis(Math.round(millis));
  }

  /** The longest the waits between attempts add up to. */
  public Duration totalDelay() {
    Duration total = Duration.ZERO;
    for (int attempt = 2; attempt <= maxAttempts; attempt++) {
      total = total.plus(delayBefore(attempt));
    }
    return total;
  }

  /** The longest a server's Retry-After is followed: a longer one is cut to this. */
  public static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(60);

  /**
   * The wait before attempt {@code attempt} when the last answer asked for {@code retryAfter} (null: it did not):
   * the server's wait, at most {@link #MAX_RETRY_AFTER}, else the backoff.
   */
  public Duration delayBefore(int attempt, Duration retryAfter) {
    if (retryAfter == null || attempt < 2) {
      return delayBefore(attempt);
    }
    return retryAfter.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : retryAfter;
  }

  /**
   * A {@code Retry-After} header's wait: delay-seconds or an HTTP date (RFC 9110 section 10.2.3); null when absent or
   * unreadable, zero for a date already past.
   */
  public static Duration retryAfter(String header, Instant now) {
    if (header == null || header.isBlank()) {
      return null;
    }
    String value = header.trim();
    try {
      if (value.matches("\\d{1,9}")) {
        return Duration.ofSeconds(Long.parseLong(value));
      }
      Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
      return at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** The statuses that mean PerfGate (or the proxy before it) is briefly unavailable. */
  public static boolean retryable(int status) {
    return status == 502 || status == 503 || status == 504;
  }
}

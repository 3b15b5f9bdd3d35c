package dev.perfgate.client.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryTest {

  @Test
  void shouldReadRetryAfterAsSecondsOrAnHttpDate() {
    Instant now = Instant.parse("2026-11-23T10:00:00Z");

    assertThat(Retry.retryAfter("2", now)).isEqualTo(Duration.ofSeconds(2));
    assertThat(Retry.retryAfter("Mon, 23 Nov 2026 10:00:30 GMT", now)).isEqualTo(Duration.ofSeconds(30));
    assertThat(Retry.retryAfter("Mon, 23 Nov 2026 09:00:00 GMT", now)).as("a date past").isZero();
    assertThat(Retry.retryAfter("soon", now)).isNull();
    assertThat(Retry.retryAfter("-5", now)).isNull();
    assertThat(Retry.retryAfter(null, now)).isNull();
  }

  @Test
  void shouldFollowRetryAfterUpToTheCapElseTheBackoff() {
    assertThat(Retry.DEFAULT.delayBefore(2, Duration.ofSeconds(3))).isEqualTo(Duration.ofSeconds(3));
    assertThat(Retry.DEFAULT.delayBefore(2, Duration.ofDays(1))).isEqualTo(Retry.MAX_RETRY_AFTER);
    assertThat(Retry.DEFAULT.delayBefore(2, null)).isEqualTo(Duration.ofMillis(500));
  }

  @Test
  void shouldDoubleTheWaitBeforeEachRetry() {
    Retry retry = Retry.DEFAULT;

    assertThat(retry.delayBefore(1)).as("no wait before the first attempt").isZero();
    assertThat(retry.delayBefore(2)).isEqualTo(Duration.ofMillis(500));
    assertThat(retry.delayBefore(3)).isEqualTo(Duration.ofSeconds(1));
    assertThat(retry.delayBefore(5)).isEqualTo(Duration.ofSeconds(4));
  }

  @Test
  void shouldCapTheWaitAtTheMaximum() {
    Retry retry = new Retry(10, Duration.ofSeconds(1), Duration.ofSeconds(5), 2.0);

    assertThat(retry.delayBefore(4)).isEqualTo(Duration.ofSeconds(4));
    assertThat(retry.delayBefore(5)).isEqualTo(Duration.ofSeconds(5));
    assertThat(retry.delayBefore(10)).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void shouldBoundTheDefaultTotalWaitToUnderTenSeconds() {
    assertThat(Retry.DEFAULT.totalDelay()).isEqualTo(Duration.ofMillis(7500));
    assertThat(Retry.DEFAULT.withRetries(0).totalDelay()).as("one attempt, no wait").isZero();
  }

  @Test
  void shouldRetryOnlyGatewayAndUnavailableStatuses() {
    assertThat(Retry.retryable(502)).isTrue();
    assertThat(Retry.retryable(503)).isTrue();
    assertThat(Retry.retryable(504)).isTrue();
    assertThat(Retry.retryable(500)).as("a server bug is not transient").isFalse();
    assertThat(Retry.retryable(409)).isFalse();
    assertThat(Retry.retryable(401)).isFalse();
  }

  @Test
  void shouldRefuseFewerThanOneAttempt() {
    assertThatThrownBy(() -> Retry.DEFAULT.withRetries(-1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void shouldRaiseTheMaximumWhenTheInitialDelayExceedsIt() {
    Retry retry = Retry.DEFAULT.withInitialDelay(Duration.ofSeconds(20));

    assertThat(retry.delayBefore(3)).isEqualTo(Duration.ofSeconds(20));
  }
}

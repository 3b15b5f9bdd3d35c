package dev.perfgate.client.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryTest {

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

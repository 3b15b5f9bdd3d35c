package dev.perfgate.demo.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class RemoteClientTest {

    @Test
    void shouldTakeAtLeastTheRemoteDelayAndGiveTheConnectionBack() throws InterruptedException {
        ConnectionPool pool = new ConnectionPool(() -> false, 1, Duration.ZERO);
        RemoteClient client = new RemoteClient(pool);

        RemoteClient.RemoteResult first = client.call(20);
        // with one connection, a second call only returns if the first gave it back
        RemoteClient.RemoteResult second = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> client.call(0));

        assertThat(first.tookMs()).isGreaterThanOrEqualTo(20);
        assertThat(first.validatedUnderLock()).isFalse();
        assertThat(second.delayMs()).isZero();
    }

    @Test
    void shouldAddTheValidationToEveryCallWithTheRegression() throws InterruptedException {
        RemoteClient client = new RemoteClient(new ConnectionPool(() -> true, 8, Duration.ofMillis(15)));

        RemoteClient.RemoteResult result = client.call(10);

        assertThat(result.tookMs()).isGreaterThanOrEqualTo(25);
        assertThat(result.validatedUnderLock()).isTrue();
    }
}

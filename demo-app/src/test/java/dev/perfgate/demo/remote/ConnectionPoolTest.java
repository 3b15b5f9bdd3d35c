package dev.perfgate.demo.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class ConnectionPoolTest {

    @Test
    void shouldHandOutConnectionsWithoutValidationWhenFixed() throws InterruptedException {
        ConnectionPool pool = new ConnectionPool(() -> false, 2, Duration.ofHours(1));

        ConnectionPool.Connection first = pool.acquire();
        ConnectionPool.Connection second = assertTimeoutPreemptively(Duration.ofSeconds(5), pool::acquire,
                "a second connection while the first is held, without the hour-long validation");

        assertThat(first.validatedUnderLock()).isFalse();
        pool.release(first);
        pool.release(second);
    }

    @Test
    void shouldValidateEveryCheckoutWithTheRegression() throws InterruptedException {
        ConnectionPool pool = new ConnectionPool(() -> true, 2, Duration.ofMillis(30));

        long start = System.nanoTime();
        ConnectionPool.Connection connection = pool.acquire();

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(30));
        assertThat(connection.validatedUnderLock()).isTrue();
        pool.release(connection);
    }

    @Test
    void shouldMakeConcurrentCallersQueueForTheLockWithTheRegression() throws InterruptedException {
        ConnectionPool pool = new ConnectionPool(() -> true, 8, Duration.ofMillis(300));
        CountDownLatch bothDone = new CountDownLatch(2);
        Runnable checkout = () -> {
            try {
                pool.release(pool.acquire());
                bothDone.countDown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };

        long start = System.nanoTime();
        new Thread(checkout).start();
        new Thread(checkout).start();
        Thread.sleep(100);
        int waiting = pool.waiting();

        assertThat(bothDone.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(waiting).as("one validates, one waits for the lock").isEqualTo(1);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("the validations ran one after the other")
                .isGreaterThanOrEqualTo(Duration.ofMillis(600));
    }
}

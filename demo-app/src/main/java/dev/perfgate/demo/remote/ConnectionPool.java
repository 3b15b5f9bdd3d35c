package dev.perfgate.demo.remote;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * Connections to the simulated remote service. With the {@code lock} regression every checkout validates its
 * connection with a blocking round trip while holding the pool's lock, the off-CPU wait of Datadog's wall-clock
 * case: callers queue in {@link #acquire} (lock and wall-clock profiles), latency grows, CPU does not.
 */
class ConnectionPool {

    private final BooleanSupplier validateUnderLock;
    private final Semaphore connections;
    private final Duration validation;
    private final Object checkoutLock = new Object();
    private final AtomicInteger waitingForLock = new AtomicInteger();

    /**
     * @param validateUnderLock asked once per checkout whether to take the regression's path
     * @param size              connections in the pool
     * @param validation        the blocking round trip of the regression; it caps the pool at 1/validation
     *                          checkouts per second
     */
    ConnectionPool(BooleanSupplier validateUnderLock, int size, Duration validation) {
        this.validateUnderLock = validateUnderLock;
        this.connections = new Semaphore(size, true);
        this.validation = validation;
    }

    /** A connection for one call; give it back with {@link #release}. */
    Connection acquire() throws InterruptedException {
        boolean validated = validateUnderLock.getAsBoolean();
        if (validated) {
            waitingForLock.incrementAndGet();
            synchronized (checkoutLock) {
                waitingForLock.decrementAndGet();
                Thread.sleep(validation.toMillis());
            }
        }
        connections.acquire();
        return new Connection(validated);
    }

    void release(Connection connection) {
        connections.release();
    }

    /** Callers waiting for the pool's lock or for a free connection right now. */
    int waiting() {
        return waitingForLock.get() + connections.getQueueLength();
    }

    /** A checked-out connection; {@code validatedUnderLock} is true when the regression's path was taken. */
    record Connection(boolean validatedUnderLock) {
    }
}

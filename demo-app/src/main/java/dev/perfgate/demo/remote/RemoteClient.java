package dev.perfgate.demo.remote;

import lombok.RequiredArgsConstructor;

/** Calls the simulated remote service: holds a connection while the "network" takes its time. */
@RequiredArgsConstructor
class RemoteClient {

    private final ConnectionPool pool;

    RemoteResult call(long delayMs) throws InterruptedException {
        long start = System.nanoTime();
        ConnectionPool.Connection connection = pool.acquire();
        try {
            Thread.sleep(delayMs);
        } finally {
            pool.release(connection);
        }
        return new RemoteResult(delayMs, (System.nanoTime() - start) / 1_000_000, connection.validatedUnderLock());
    }

    /** What one call took; {@code tookMs} includes getting the connection. */
    record RemoteResult(long delayMs, long tookMs, boolean validatedUnderLock) {
    }
}

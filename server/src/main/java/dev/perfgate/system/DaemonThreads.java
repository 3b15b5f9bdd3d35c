package dev.perfgate.system;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Threads for PerfGate's own pools: daemons (none keeps the JVM from stopping), named for thread dumps. */
public final class DaemonThreads {

    private DaemonThreads() {
    }

    /** Every thread named {@code name}. */
    public static ThreadFactory named(String name) {
        return task -> daemon(task, name);
    }

    /** Threads named {@code prefix} and their number: {@code perfgate-runner-1}, {@code perfgate-runner-2}, … */
    public static ThreadFactory numbered(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return task -> daemon(task, prefix + count.incrementAndGet());
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }
}

package dev.perfgate.demo.observe;

import java.lang.management.ManagementFactory;

/** Reads what the current thread has used so far: CPU time and heap bytes allocated. */
class ThreadResources {

    private final com.sun.management.ThreadMXBean threads;

    ThreadResources() {
        this.threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    }

    /** Whether this JVM measures both; without it the meters stay empty. */
    boolean supported() {
        return threads.isCurrentThreadCpuTimeSupported() && threads.isThreadAllocatedMemorySupported()
                && threads.isThreadCpuTimeEnabled() && threads.isThreadAllocatedMemoryEnabled();
    }

    Usage current() {
        return new Usage(threads.getCurrentThreadCpuTime(), threads.getCurrentThreadAllocatedBytes());
    }

    /** CPU nanoseconds (user and system) and allocated bytes of the current thread since it started. */
    record Usage(long cpuNanos, long allocatedBytes) {

        Usage since(Usage start) {
            return new Usage(cpuNanos - start.cpuNanos, allocatedBytes - start.allocatedBytes);
        }
    }
}

package dev.perfgate.trigger;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * The PerfGate process that runs a trigger, as saved with it: its host (and PID namespace: containers sharing a host
 * name do not share PIDs), PID and start time, because a PID alone is reused.
 */
record Owner(String host, String pidNamespace, long pid, Instant startedAt) {

    /** Start times read back from the store keep milliseconds; Linux derives them from clock ticks since boot. */
    private static final Duration START_SLACK = Duration.ofSeconds(2);

    /** This process. */
    static Owner current() {
        ProcessHandle self = ProcessHandle.current();
        return new Owner(hostName(), currentPidNamespace(), self.pid(), self.info().startInstant().map(Owner::millis).orElse(null));
    }

    /** Whether processes of the other owner are visible to this one by PID: same host, same PID namespace. */
    boolean sameMachine(Owner other) {
        return other != null && host.equals(other.host) && Objects.equals(pidNamespace, other.pidNamespace);
    }

    /**
     * The process with this PID if it is the one that started at {@code startedAt}, on this machine; empty when it
     * has ended (or the PID now belongs to another process, or the start time is unknown).
     */
    static Optional<ProcessHandle> process(long pid, Instant startedAt) {
        if (startedAt == null) {
            return Optional.empty();
        }
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .filter(handle -> handle.info().startInstant()
                        .map(started -> Duration.between(started, startedAt).abs().compareTo(START_SLACK) <= 0)
                        .orElse(false));
    }

    static Instant millis(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.MILLIS);
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException unknown) {
            String env = System.getenv("HOSTNAME");
            return env == null || env.isBlank() ? "unknown-host" : env;
        }
    }

    /** Linux names a process' PID namespace by the link {@code /proc/self/ns/pid}: {@code pid:[4026531836]}. */
    private static String currentPidNamespace() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString();
        } catch (IOException | UnsupportedOperationException | SecurityException notLinux) {
            return null;
        }
    }
}

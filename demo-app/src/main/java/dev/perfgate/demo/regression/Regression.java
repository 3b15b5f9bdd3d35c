package dev.perfgate.demo.regression;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The performance regressions the demo can switch on, each reproducing one published case. */
public enum Regression {

    /** Perfana Afterburner: a wasteful {@code MatrixCalculator.multiply}, visible in the CPU profile. */
    CPU,
    /** Filebeat: a logger with its own buffer created per call, visible in the allocation profile. */
    ALLOC,
    /** Datadog wall-clock: a one-connection pool with a blocking check, visible in wall-clock and lock profiles only. */
    LOCK,
    /** Elastic/Netty: an unpooled direct buffer per request, visible in CPU (page faults, zeroing) and direct memory. */
    BUFFER,
    /**
     * A JPA application with its second-level cache switched off: every lookup reads and maps a page of rows, a cost
     * spread over the JSON library's many frames, where no single function grows much (issue #17's Hibernate case).
     */
    CACHE;

    /** The name used in URLs, headers, properties and the {@code name} tag of the gauge. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The regression with this id (case-insensitive), if there is one. */
    public static Optional<Regression> fromId(String id) {
        if (id == null) {
            return Optional.empty();
        }
        String wanted = id.trim();
        return Arrays.stream(values()).filter(r -> r.id().equalsIgnoreCase(wanted)).findFirst();
    }
}

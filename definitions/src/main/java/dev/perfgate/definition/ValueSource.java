package dev.perfgate.definition;

/** Where a check's value comes from. */
public sealed interface ValueSource {

    /** A statistic of the run's results: global when request and pattern are both null. */
    record Results(String request, String requestPattern, String stat) implements ValueSource {
        /** The statistic {@code stat} names. */
        public Stat statistic() {
            return Stat.of(stat);
        }

        /** The unit of the statistic. */
        public String unit() {
            return statistic().unit();
        }
    }

    /** A PromQL expression over the run's steady-state window, aggregated. */
    record Prometheus(String query, String aggregate) implements ValueSource {
    }

    /** A named measure posted with the results. */
    record Measure(String name) implements ValueSource {
    }

    /**
     * A value from the run's profile: type (cpu, alloc_bytes, …) and measure (totalPerRequest, maxSelfShareGrowth, …);
     * {@code function} for selfShare; {@code frames}, for the totals, a frame-name prefix (e.g. the application's
     * package) that counts only the stacks through such a frame, leaving out scrapes, agents and the JVM's own work.
     */
    record Profile(String type, String measure, String function, String frames) implements ValueSource {

        public Profile(String type, String measure, String function) {
            this(type, measure, function, null);
        }
    }

    /** A rate (per second) divided by the run's throughput, times {@code per} requests. */
    record Efficiency(ValueSource rate, double per) implements ValueSource {
    }
}

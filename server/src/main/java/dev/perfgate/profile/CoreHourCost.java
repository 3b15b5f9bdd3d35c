package dev.perfgate.profile;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Prices CPU: a function's change in CPU seconds per request, at a given throughput, is a yearly number of
 * core-hours, and so a yearly cost. E.g. +12.4 ms/request at 50 req/s is 5,431 core-hours a year.
 *
 * @param pricePerCoreHour  price of one core for one hour
 * @param requestsPerSecond production throughput the cost is projected at
 * @param currency          label printed after amounts, e.g. {@code USD}
 */
public record CoreHourCost(double pricePerCoreHour, double requestsPerSecond, String currency) {

    static final double HOURS_PER_YEAR = 365 * 24;

    public CoreHourCost {
        Objects.requireNonNull(currency, "currency");
        if (pricePerCoreHour < 0 || requestsPerSecond < 0) {
            throw new IllegalArgumentException("price and throughput must not be negative");
        }
    }

    /** Core-hours per year for a change of {@code cpuSecondsPerRequest}. */
    public double coreHoursPerYear(double cpuSecondsPerRequest) {
        return cpuSecondsPerRequest * requestsPerSecond * HOURS_PER_YEAR;
    }

    public double yearlyCost(double cpuSecondsPerRequest) {
        return coreHoursPerYear(cpuSecondsPerRequest) * pricePerCoreHour;
    }

    /** Yearly cost of a function's CPU change, if both runs know their request counts. */
    public OptionalDouble yearlyCost(FunctionChange change) {
        OptionalDouble delta = change.selfPerRequestDelta();
        return delta.isPresent() ? OptionalDouble.of(yearlyCost(delta.getAsDouble())) : OptionalDouble.empty();
    }

    /** "≈ +2,715.48 USD per year (5,431 core-hours at 50 req/s, 0.5 USD per core-hour)". */
    public Optional<String> describe(FunctionChange change) {
        OptionalDouble delta = change.selfPerRequestDelta();
        if (delta.isEmpty()) {
            return Optional.empty();
        }
        double hours = coreHoursPerYear(delta.getAsDouble());
        return Optional.of(String.format(Locale.US, "≈ %+,.2f %s per year (%+,.0f core-hours at %s req/s, %s %s per core-hour)",
                hours * pricePerCoreHour, currency, hours, ProfileWording.plain(requestsPerSecond),
                ProfileWording.plain(pricePerCoreHour), currency));
    }
}

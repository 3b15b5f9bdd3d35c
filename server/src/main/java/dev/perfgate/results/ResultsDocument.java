package dev.perfgate.results;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

import dev.perfgate.system.StorableInstant;

/** PerfGate's neutral results JSON ({@code perfgate-results/v1}), as posted. See docs/results-format.md. */
public record ResultsDocument(
        @NotNull @Pattern(regexp = "perfgate-results/v1", message = "must be 'perfgate-results/v1'") String format,
        @Size(max = 200) String tool,
        @Valid Window window,
        @Valid RequestStats global,
        List<@NotNull(message = "must not hold null entries") @Valid RequestStats> requests,
        Map<@Pattern(regexp = MEASURE, message = MEASURE_MESSAGE) String, @NotNull Double> measures,
        List<@NotNull(message = "must not hold null entries") @Valid TimePoint> timeseries) {

    static final String MEASURE = "[A-Za-z_][A-Za-z0-9_]{0,99}";
    static final String MEASURE_MESSAGE = "measure names hold letters, digits and '_' and start with a letter or '_'";

    /** The time window the statistics cover. */
    public record Window(@StorableInstant Instant start, @StorableInstant Instant end, @StorableInstant Instant steadyStateStart) {
    }

    /** One second of the run, for charts. */
    public record TimePoint(@NotNull @StorableInstant Instant t, @PositiveOrZero long requests, @PositiveOrZero long errors,
            @PositiveOrZero Double meanMs, @PositiveOrZero Double p99Ms) {
    }
}

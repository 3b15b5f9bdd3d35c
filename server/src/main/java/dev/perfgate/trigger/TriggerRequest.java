package dev.perfgate.trigger;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import dev.perfgate.run.Series;

/**
 * A person's request to start a load run of a series: the version under test and the load knobs of the load
 * scripts ({@code users} arrivals per second, steady {@code durationSeconds}, {@code rampUpSeconds} before it).
 */
public record TriggerRequest(
        @NotBlank @Size(max = 100) @Pattern(regexp = NAME, message = NAME_MESSAGE) String system,
        @NotBlank @Size(max = 100) @Pattern(regexp = NAME, message = NAME_MESSAGE) String workload,
        @NotBlank @Size(max = 100) @Pattern(regexp = NAME, message = NAME_MESSAGE) String environment,
        @Size(max = 200) @Pattern(regexp = "[^\\s]*", message = "must not contain spaces") String version,
        @NotNull @Min(1) @Max(10_000) Integer users,
        @NotNull @Min(1) @Max(86_400) Integer durationSeconds,
        @NotNull @Min(0) @Max(86_400) Integer rampUpSeconds) {

    static final String NAME = "[A-Za-z0-9][A-Za-z0-9._-]*";
    static final String NAME_MESSAGE = "must start with a letter or digit and hold only letters, digits, '.', '_' and '-'";

    public Series series() {
        return new Series(system, workload, environment);
    }

    /** Ramp-up plus steady state: how long the load runs. */
    public int totalSeconds() {
        return rampUpSeconds + durationSeconds;
    }
}

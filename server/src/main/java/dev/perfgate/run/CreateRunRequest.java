package dev.perfgate.run;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import dev.perfgate.system.StorableInstant;

/** Body of {@code POST /api/v1/runs}: the series is required, everything else optional. */
public record CreateRunRequest(
        @NotBlank @Size(max = 100) @Pattern(regexp = NAME, message = NAME_MESSAGE) String system,
        @NotBlank @Size(max = 100) @Pattern(regexp = NAME, message = NAME_MESSAGE) String workload,
        @NotBlank @Size(max = 100) @Pattern(regexp = NAME, message = NAME_MESSAGE) String environment,
        @Size(max = 100) @Pattern(regexp = NAME, message = NAME_MESSAGE) String runId,
        @Size(max = 200) String version,
        @Size(max = 2000) @Pattern(regexp = "https?://\\S+", message = "must be an http(s) URL") String buildUrl,
        @Size(max = 100) String buildNumber,
        @Size(max = 300) String branch,
        @Size(max = 100) String commit,
        Trigger trigger,
        @Size(max = 50) List<@NotBlank @Size(max = 100) String> tags,
        @Size(max = 50) Map<@Pattern(regexp = KEY, message = KEY_MESSAGE) String, @Size(max = 2000) String> annotations,
        @Min(0) @Max(86_400) Integer rampUpSeconds,
        @StorableInstant Instant startedAt) {

    static final String NAME = "[A-Za-z0-9][A-Za-z0-9._-]*";
    static final String NAME_MESSAGE = "must start with a letter or digit and hold only letters, digits, '.', '_' and '-'";
    static final String KEY = "[A-Za-z0-9_-]{1,100}";
    static final String KEY_MESSAGE = "keys hold only letters, digits, '_' and '-' (at most 100)";

    Series series() {
        return new Series(system, workload, environment);
    }
}

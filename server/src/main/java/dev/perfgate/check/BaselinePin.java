package dev.perfgate.check;

import java.time.Instant;

import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** The run an admin pinned as the baseline of a series, and why. {@code series} is "system/workload/environment". */
@Document("baselines")
public record BaselinePin(@Id String series, String runId, String runLabel, String reason, String by, Instant at) {
}

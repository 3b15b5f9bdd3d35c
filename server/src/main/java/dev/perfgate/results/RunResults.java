package dev.perfgate.results;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * The results attached to a run (one document per run, keyed by the run's id): request
 * statistics over the steady-state window, named measures and a per-second series for charts.
 */
@Document("results")
public record RunResults(
        @Id String runId,
        String source,
        String tool,
        ResultsDocument.Window window,
        boolean windowIncludesRampUp,
        RequestStats global,
        List<RequestStats> requests,
        Map<String, Double> measures,
        List<ResultsDocument.TimePoint> timeseries,
        Instant receivedAt) {

    /** Statistics of one request by exact name. */
    public Optional<RequestStats> request(String name) {
        return requests.stream().filter(r -> r.name().equals(name)).findFirst();
    }

    public Optional<Double> measure(String name) {
        return Optional.ofNullable(measures.get(name));
    }
}

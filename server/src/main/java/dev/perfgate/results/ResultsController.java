package dev.perfgate.results;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

import lombok.RequiredArgsConstructor;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import tools.jackson.databind.JsonNode;

import dev.perfgate.system.Intake;
import dev.perfgate.system.JsonApi;

/** Results of a run: request statistics and measures. */
@JsonApi("/api/v1/runs/{id}")
@Tag(name = "results", description = "Attach results (PerfGate results JSON or Gatling 3.12 stats.json) and measures")
@RequiredArgsConstructor
class ResultsController {

    private final ResultsService results;
    private final Intake intake;

    @Operation(summary = "Attach results", description = "PerfGate results JSON (docs/results-format.md) or a Gatling 3.12 js/stats.json. Replaces earlier request statistics; measures are merged.")
    @PostMapping(path = "/results", consumes = MediaType.APPLICATION_JSON_VALUE)
    CompletableFuture<RunResults> attach(@PathVariable String id, @RequestBody JsonNode body) {
        return intake.submit(Intake.Kind.RESULTS, () -> results.attach(id, body));
    }

    @Operation(summary = "Add measures", description = "Named numbers, e.g. {\"cpu_avg_pct\": 51.12}; merged into the run's results.")
    @PostMapping(path = "/measures", consumes = MediaType.APPLICATION_JSON_VALUE)
    RunResults measures(@PathVariable String id, @RequestBody Map<String, Double> measures) {
        return results.addMeasures(id, measures);
    }

    @Operation(summary = "Get a run's results")
    @GetMapping("/results")
    RunResults get(@PathVariable String id) {
        return results.get(id);
    }
}

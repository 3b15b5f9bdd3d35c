package dev.perfgate.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import lombok.RequiredArgsConstructor;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.hibernate.validator.constraints.Range;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.util.UriComponentsBuilder;

import dev.perfgate.system.Intake;
import dev.perfgate.system.JsonApi;
import dev.perfgate.system.PublicUrls;

/** The run API: the contract the Jenkins step and the CLI use. */
@JsonApi("/api/v1/runs")
@Validated
@Tag(name = "runs", description = "Record load-test runs of a series (system, workload, environment)")
@RequiredArgsConstructor
class RunController {

    private final RunService runs;
    private final PublicUrls urls;
    private final Intake intake;
    private final AbandonedRuns abandoned;

    @Operation(summary = "Start a run", description = "Idempotent: the same runId in the same series returns the existing run with 200.")
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    CompletableFuture<ResponseEntity<RunView>> create(@Valid @RequestBody CreateRunRequest request) {
        PublicUrls here = urls.here();
        return intake.submit(Intake.Kind.NEW_RUN, () -> {
            RunService.Created created = runs.create(request, Trigger.API);
            RunView view = RunView.of(created.run(), here);
            return created.created()
                    ? ResponseEntity.created(java.net.URI.create(view.links().get("self"))).body(view)
                    : ResponseEntity.ok(view);
        });
    }

    @Operation(summary = "End a run", description = "Marks it completed (default) or aborted with a reason; evaluation follows.")
    @PostMapping(path = "/{id}/end")
    RunView end(@PathVariable String id, @Valid @RequestBody(required = false) EndRunRequest request) {
        return RunView.of(runs.end(id, request == null ? new EndRunRequest(null, null, null) : request), urls);
    }

    @Operation(summary = "Report that the run's load test still runs", description = "perfgate run sends one every 30 s;"
            + " a run whose client reported and then fell silent for perfgate.runs.abandon-after (10 minutes) is ended as"
            + " aborted, at its last report. 409 once the run has ended.")
    @PostMapping("/{id}/heartbeat")
    ResponseEntity<Void> heartbeat(@PathVariable String id) {
        abandoned.beat(id);
        return ResponseEntity.noContent().build();
    }

    @Operation(summary = "Get a run")
    @GetMapping("/{id}")
    RunView get(@PathVariable String id) {
        return RunView.of(runs.get(id), urls);
    }

    @Operation(summary = "List runs, newest first", description = "Page with limit; pass the last run's id as 'before' for the next page.")
    @GetMapping
    Map<String, Object> list(@RequestParam(required = false) String system,
            @RequestParam(required = false) String workload,
            @RequestParam(required = false) String environment,
            @Parameter(description = "1 to 200, default 20") @RequestParam(defaultValue = "20") @Range(min = 1, max = 200) int limit,
            @Parameter(description = "id of the last run of the previous page") @RequestParam(required = false) String before) {
        List<RunView> page = runs.list(system, workload, environment, before, limit).stream()
                .map(run -> RunView.of(run, urls)).toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("runs", page);
        if (page.size() == limit) {
            String next = UriComponentsBuilder.fromPath("/api/v1/runs").queryParam("limit", limit)
                    .queryParamIfPresent("system", Optional.ofNullable(system))
                    .queryParamIfPresent("workload", Optional.ofNullable(workload))
                    .queryParamIfPresent("environment", Optional.ofNullable(environment))
                    .queryParam("before", page.get(page.size() - 1).id()).encode().build().toUriString();
            body.put("next", urls.of(next));
        }
        return body;
    }
}

package dev.perfgate.check;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;

import lombok.RequiredArgsConstructor;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.hibernate.validator.constraints.Range;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.context.request.async.DeferredResult;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunService;
import dev.perfgate.system.JsonApi;
import dev.perfgate.system.PublicUrls;

/** Verdicts of runs, re-evaluation, baseline pins and regression reviews. */
@JsonApi("/api/v1")
@Validated
@Tag(name = "verdicts", description = "Judge runs against checks/; baselines and regression reviews")
@RequiredArgsConstructor
class VerdictController {

    record Reason(@NotBlank @Size(max = 2000) String reason) {
    }

    private final VerdictService verdicts;
    private final VerdictRepository repository;
    private final Reviews reviews;
    private final RunService runs;
    private final PublicUrls urls;

    @Operation(summary = "The run's latest verdict", description = "Waits up to 'wait' seconds while it is pending; 202 if still pending then.")
    @GetMapping("/runs/{id}/verdict")
    DeferredResult<ResponseEntity<VerdictView>> verdict(@PathVariable String id,
            @Parameter(description = "seconds to wait for a pending verdict (0 to 300)") @RequestParam(defaultValue = "0") @Range(min = 0, max = 300) int wait) {
        // no request thread is held while waiting: the answer is written when the verdict is stored
        DeferredResult<ResponseEntity<VerdictView>> answer = new DeferredResult<>(wait * 1000L + 10_000L);
        PublicUrls here = urls.here();
        verdicts.verdictOf(id, Duration.ofSeconds(wait))
                .thenApply(run -> view(run, here))
                .whenComplete((view, failed) -> {
                    if (failed != null) {
                        answer.setErrorResult(failed instanceof CompletionException c ? c.getCause() : failed);
                    } else {
                        answer.setResult(view);
                    }
                });
        return answer;
    }

    private ResponseEntity<VerdictView> view(Run run, PublicUrls here) {
        boolean pending = run.verdict() == null || VerdictService.PENDING.equals(run.verdict().status());
        if (pending) {
            return ResponseEntity.status(HttpStatus.ACCEPTED).body(VerdictView.pending(run, here));
        }
        return ResponseEntity.ok(verdicts.latest(run).map(v -> VerdictView.of(run, v, here))
                .orElseGet(() -> VerdictView.pending(run, here)));
    }

    @Operation(summary = "Every verdict of the run, newest first")
    @GetMapping("/runs/{id}/verdicts")
    List<VerdictView> history(@PathVariable String id) {
        Run run = runs.get(id);
        return repository.history(run.id()).stream().map(v -> VerdictView.of(run, v, urls)).toList();
    }

    @Operation(summary = "Evaluate the run again now", description = "E.g. after a change of its checks; the earlier verdicts are kept.")
    @PostMapping("/runs/{id}/evaluate")
    VerdictView evaluate(@PathVariable String id) {
        Run run = runs.get(id);
        Verdict verdict = verdicts.evaluate(run.id(), "re-evaluation requested");
        return VerdictView.of(runs.get(id), verdict, urls);
    }

    /** A pin as stored, and why its series' verdicts do not use it yet (null when they do). */
    record Pinned(String series, String runId, String runLabel, String reason, String by, java.time.Instant at,
            String unused) {
    }

    @Operation(summary = "Pin the run as its series' baseline (admin)",
            description = "'unused' says why the series' verdicts do not use the pin yet (its checks file judges by another strategy).")
    @PostMapping(path = "/runs/{id}/baseline", consumes = MediaType.APPLICATION_JSON_VALUE)
    Pinned pin(@PathVariable String id, @Valid @RequestBody Reason body) {
        BaselinePin pin = reviews.pin(id, body.reason());
        return new Pinned(pin.series(), pin.runId(), pin.runLabel(), pin.reason(), pin.by(), pin.at(),
                reviews.pinUnused(id).orElse(null));
    }

    @Operation(summary = "Unpin the series' baseline (admin)")
    @DeleteMapping("/runs/{id}/baseline")
    ResponseEntity<Void> unpin(@PathVariable String id) {
        reviews.unpin(id);
        return ResponseEntity.noContent().build();
    }

    @Operation(summary = "Accept the run's detected regression as the new normal (admin)")
    @PostMapping(path = "/runs/{id}/regression/accept", consumes = MediaType.APPLICATION_JSON_VALUE)
    Run accept(@PathVariable String id, @Valid @RequestBody Reason body) {
        return reviews.review(id, true, body.reason());
    }

    @Operation(summary = "Deny the run's detected regression: it is real and never becomes a baseline (admin)")
    @PostMapping(path = "/runs/{id}/regression/deny", consumes = MediaType.APPLICATION_JSON_VALUE)
    Run deny(@PathVariable String id, @Valid @RequestBody Reason body) {
        return reviews.review(id, false, body.reason());
    }

    @Operation(summary = "Mark the run invalid (admin): judged no further, never a baseline")
    @PostMapping(path = "/runs/{id}/invalidate", consumes = MediaType.APPLICATION_JSON_VALUE)
    VerdictView invalidate(@PathVariable String id, @Valid @RequestBody Reason body) {
        reviews.invalidate(id, body.reason());
        return VerdictView.of(runs.get(id), verdicts.evaluate(id, "marked invalid"), urls);
    }
}

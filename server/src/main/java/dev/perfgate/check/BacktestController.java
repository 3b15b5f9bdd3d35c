package dev.perfgate.check;

import lombok.RequiredArgsConstructor;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;
import org.hibernate.validator.constraints.Range;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

import dev.perfgate.run.Series;
import dev.perfgate.system.JsonApi;

/** Backtests: what a gate definition would have said about a series' recorded runs. Stores nothing, alerts no one. */
@JsonApi("/api/v1/series/{system}/{workload}/{environment}")
@Validated
@Tag(name = "checks", description = "Gate definitions loaded from checks/")
@RequiredArgsConstructor
class BacktestController {

    /** What to replay: a checks file's text (none: the checks in force), its name, how many runs, live queries or not. */
    record BacktestRequest(@Size(max = 200) String file, @Size(max = 262_144) String checks,
            @Range(min = 1, max = Backtests.MAX_RUNS) Integer runs, Boolean live) {
    }

    static final int DEFAULT_RUNS = 100;

    private final Backtests backtests;

    @Operation(summary = "Replay the series' recorded runs through the checks in force or a submitted checks file",
            description = "Run by run, oldest first: what the gate said and what it would say, with the checks that"
                    + " did not pass, and a summary. Nothing is stored, no alert is sent.")
    @PostMapping("/backtest")
    Backtests.Report backtest(@PathVariable String system, @PathVariable String workload, @PathVariable String environment,
            @Valid @RequestBody(required = false) BacktestRequest body) {
        BacktestRequest request = body == null ? new BacktestRequest(null, null, null, null) : body;
        return backtests.run(new Series(system, workload, environment), request.file(), request.checks(),
                request.runs() == null ? DEFAULT_RUNS : request.runs(), request.live() == null || request.live());
    }

    /** A submitted file with problems: 400, each problem with its file and line. */
    @ExceptionHandler(Backtests.ChecksRejected.class)
    ProblemDetail rejected(Backtests.ChecksRejected e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
        problem.setTitle(HttpStatus.BAD_REQUEST.getReasonPhrase());
        problem.setProperty("problems", e.problems());
        return problem;
    }
}

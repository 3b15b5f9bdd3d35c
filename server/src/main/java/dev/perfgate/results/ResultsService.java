package dev.perfgate.results;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import lombok.AccessLevel;
import lombok.RequiredArgsConstructor;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunService;
import dev.perfgate.system.ApiException;
import dev.perfgate.system.JsonProblems;

/** Attaches results to runs: PerfGate results JSON or a Gatling 3.12 stats.json, checked before anything is stored. */
@Service
@RequiredArgsConstructor(access = AccessLevel.PACKAGE)
public class ResultsService {

    static final String NEUTRAL = "perfgate-results/v1";
    static final String GATLING_STATS_JSON = "gatling-stats.json";

    private final RunService runs;
    private final ResultsRepository results;
    private final JsonMapper json;
    private final Validator validator;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final UploadLimits limits;

    public RunResults attach(String runId, JsonNode body) {
        Run run = runs.get(runId);
        RunResults parsed;
        if (body.isObject() && body.has("format")) {
            parsed = fromNeutral(run, body);
        } else if (GatlingStatsJson.looksLike(body)) {
            parsed = fromGatling(run, body);
        } else {
            throw ApiException.badRequest("Unrecognised results: expected PerfGate results JSON with "
                    + "\"format\": \"" + NEUTRAL + "\" or a Gatling js/stats.json (see docs/results-format.md)");
        }
        limits.check(parsed);
        // the insert first: a run's first results (the usual case) cost one insert, no read and no replace (on
        // FerretDB 1.x each read or replace by id reads the whole collection); later ones a failed insert and both
        if (!results.insertIfAbsent(parsed)) {
            RunResults previous = results.find(runId).orElse(null);
            boolean sameStatistics = previous != null && Objects.equals(previous.global(), parsed.global())
                    && previous.requests().equals(parsed.requests());
            if (previous != null && judged(run) && !keeps(previous, parsed)) {
                throw replacingJudged(run, "its request statistics");
            }
            if (previous != null && !previous.measures().isEmpty()) {
                // measures posted separately survive a later upload of the request statistics
                Map<String, Double> merged = new HashMap<>(previous.measures());
                merged.putAll(parsed.measures());
                parsed = withMeasures(parsed, merged);
                limits.check(parsed);
            }
            if (sameStatistics && previous.measures().equals(parsed.measures())) {
                return previous; // a retry: nothing changed, nothing to judge again
            }
            results.save(parsed);
        }
        events.publishEvent(new ResultsAttached(runId));
        return parsed;
    }

    /** Adds or replaces named measures of a run, keeping its other results. */
    public RunResults addMeasures(String runId, Map<String, Double> measures) {
        Run run = runs.get(runId);
        limits.checkMeasures("measures", measures.size());
        checkMeasures(measures);
        Optional<RunResults> stored = results.find(runId);
        RunResults current = stored.orElseGet(() -> new RunResults(runId, "measures", null,
                new ResultsDocument.Window(run.startedAt(), run.endedAt(), run.steadyStateStart()), false,
                null, List.of(), Map.of(), List.of(), clock.instant()));
        if (judged(run)) {
            List<String> changed = measures.entrySet().stream()
                    .filter(m -> current.measures().containsKey(m.getKey())
                            && !current.measures().get(m.getKey()).equals(m.getValue()))
                    .map(Map.Entry::getKey).sorted().toList();
            if (!changed.isEmpty()) {
                throw replacingJudged(run, "its measures " + String.join(", ", changed));
            }
        }
        Map<String, Double> merged = new HashMap<>(current.measures());
        merged.putAll(measures);
        if (stored.isPresent() && merged.equals(current.measures())) {
            return current; // a retry: nothing changed, nothing to judge again
        }
        RunResults updated = withMeasures(current, merged);
        limits.checkMeasures("measures (with the run's earlier ones)", merged.size());
        results.save(updated);
        events.publishEvent(new ResultsAttached(runId));
        return updated;
    }

    /**
     * An ended run that has had a verdict (now, or before a re-judgement now pending): CI has acted on it, and later
     * runs compare with its numbers.
     */
    private static boolean judged(Run run) {
        return run.isEnded() && run.verdict() != null && run.verdict().verdictId() != null;
    }

    /** Whether {@code next} keeps every request statistic {@code previous} has as it was (it may add others). */
    private static boolean keeps(RunResults previous, RunResults next) {
        return (previous.global() == null || previous.global().equals(next.global()))
                && next.requests().containsAll(previous.requests());
    }

    private static ApiException replacingJudged(Run run, String what) {
        return ApiException.conflict("Run " + run.runId() + " of " + run.series() + " is judged already ("
                + run.verdict().status() + "): " + what + " cannot be replaced by different numbers, which would change"
                + " the verdict CI acted on and the baseline of later runs. Post the same numbers again (a retry), add"
                + " what it lacks, or record the new numbers as a new run");
    }

    public RunResults get(String runId) {
        runs.get(runId);
        return results.find(runId).orElseThrow(() -> ApiException.notFound("Run " + runId + " has no results yet"));
    }

    private RunResults fromNeutral(Run run, JsonNode body) {
        // counted on the tree, before binding and validating entries that would be refused anyway
        limits.checkRequests("requests", body.path("requests").size());
        limits.checkMeasures("measures", body.path("measures").size());
        limits.checkSeriesPoints("timeseries", body.path("timeseries").size());
        ResultsDocument doc;
        try {
            doc = json.treeToValue(body, ResultsDocument.class);
        } catch (JacksonException e) {
            throw ApiException.badRequest(JsonProblems.describe("Invalid results JSON", e));
        }
        Set<ConstraintViolation<ResultsDocument>> violations = validator.validate(doc);
        if (!violations.isEmpty()) {
            throw ApiException.badRequest("Invalid results: " + violations.stream()
                    .map(v -> v.getPropertyPath() + " " + v.getMessage()).sorted().collect(Collectors.joining("; ")));
        }
        List<RequestStats> requests = doc.requests() == null ? List.of() : doc.requests();
        if (doc.global() == null && requests.isEmpty() && (doc.measures() == null || doc.measures().isEmpty())) {
            throw ApiException.badRequest("Results hold nothing: give global, requests or measures");
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < requests.size(); i++) {
            RequestStats request = requests.get(i);
            if (request.name() == null || request.name().isBlank()) {
                throw ApiException.badRequest("requests[" + i + "].name: every entry of requests needs a name");
            }
            if (!names.add(request.name())) {
                throw ApiException.badRequest("Request '" + request.name() + "' appears twice in requests");
            }
            StatsRules.check("Request '" + request.name() + "'", request);
        }
        if (doc.global() != null) {
            StatsRules.check("Request global", doc.global());
        }
        StatsRules.withinGlobal("Results", doc.global(), requests);
        ResultsDocument.Window window = doc.window() != null ? doc.window()
                : new ResultsDocument.Window(run.startedAt(), run.endedAt(), run.steadyStateStart());
        if (window.start() != null && window.end() != null && window.end().isBefore(window.start())) {
            throw ApiException.badRequest("window.end " + window.end() + " is before window.start " + window.start());
        }
        Map<String, Double> measures = doc.measures() == null ? Map.of() : doc.measures();
        checkMeasures(measures);
        return new RunResults(run.id(), NEUTRAL, doc.tool(), window, false,
                doc.global() == null ? null : RequestStats.named("All Requests", doc.global()),
                requests.stream().map(r -> RequestStats.named(r.name(), r)).toList(), Map.copyOf(measures),
                doc.timeseries() == null ? List.of() : List.copyOf(doc.timeseries()), clock.instant());
    }

    private RunResults fromGatling(Run run, JsonNode body) {
        RequestStats global = GatlingStatsJson.global(body);
        List<RequestStats> requests = GatlingStatsJson.requests(body, limits.maxRequests());
        StatsRules.withinGlobal("Gatling stats.json", global, requests);
        Instant end = run.endedAt() != null ? run.endedAt() : clock.instant();
        return new RunResults(run.id(), GATLING_STATS_JSON, "gatling (stats.json)",
                new ResultsDocument.Window(run.startedAt(), end, run.startedAt()), true,
                global, requests, Map.of(), List.of(), clock.instant());
    }

    private static void checkMeasures(Map<String, Double> measures) {
        for (Map.Entry<String, Double> measure : measures.entrySet()) {
            if (!measure.getKey().matches(ResultsDocument.MEASURE)) {
                throw ApiException.badRequest("Measure name '" + measure.getKey() + "': " + ResultsDocument.MEASURE_MESSAGE);
            }
            if (measure.getValue() == null || measure.getValue().isNaN() || measure.getValue().isInfinite()) {
                throw ApiException.badRequest("Measure '" + measure.getKey() + "' needs a finite number");
            }
        }
    }

    private static RunResults withMeasures(RunResults r, Map<String, Double> measures) {
        return new RunResults(r.runId(), r.source(), r.tool(), r.window(), r.windowIncludesRampUp(), r.global(),
                r.requests(), Map.copyOf(measures), r.timeseries(), r.receivedAt());
    }
}

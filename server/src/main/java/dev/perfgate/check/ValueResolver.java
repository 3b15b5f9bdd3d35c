package dev.perfgate.check;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

import lombok.RequiredArgsConstructor;

import org.springframework.stereotype.Component;

import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.Stat;
import dev.perfgate.definition.ValueSource;
import dev.perfgate.results.RequestStats;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;

/** Finds a check's value(s) for a run: from its results, its measures, or Prometheus over its steady-state window. */
@Component
@RequiredArgsConstructor
class ValueResolver {

    /** A value for one request (null: the global value or a non-request source). */
    record Resolved(String request, Measurement measurement) {
    }

    private final PrometheusClient prometheus;

    /** The window Prometheus and profile checks judge: the declared warm-up counted from the process's start if known. */
    JudgedWindow window(GateDefinition gate, Run run, RunResults results) {
        return JudgedWindow.of(gate, run, results, gate == null ? Optional.empty() : processStart(gate, run, results));
    }

    /** The check's value(s); Prometheus is read over {@code window} (see {@link JudgedWindow#of}). */
    List<Resolved> resolve(GateDefinition gate, CheckDefinition check, Run run, RunResults results,
            ProfileEvidence.Evidence evidence, JudgedWindow window) {
        List<Resolved> resolved = check.source() instanceof ValueSource.Results source && source.requestPattern() != null
                ? perRequest(source, results)
                : List.of(new Resolved(check.source() instanceof ValueSource.Results r ? r.request() : null,
                        single(gate, check.source(), run, results, evidence, window)));
        return check.expect().isEmpty() ? resolved : resolved.stream().map(r -> expected(check, r)).toList();
    }

    /** A value outside what the check says a real reading looks like is implausible, not a value. */
    private static Resolved expected(CheckDefinition check, Resolved resolved) {
        Measurement m = resolved.measurement();
        return m.present() ? Plausibility.ofExpect(check, m.value())
                .map(why -> new Resolved(resolved.request(), Measurement.implausible(why)))
                .orElse(resolved) : resolved;
    }

    private Measurement single(GateDefinition gate, ValueSource source, Run run, RunResults results,
            ProfileEvidence.Evidence evidence, JudgedWindow window) {
        if (source instanceof ValueSource.Results r) {
            return fromResults(r, results);
        }
        if (source instanceof ValueSource.Measure m) {
            return measure(m, results);
        }
        if (source instanceof ValueSource.Prometheus p) {
            Instant start = window.steadyStateStart();
            Instant end = window.end();
            if (end == null || !end.isAfter(start)) {
                return Measurement.missing("the run has no steady-state window (ended " + end + ", steady state from " + start
                        + (gate.warmup().isZero() ? "" : ", after the declared " + gate.warmup().toSeconds()
                                + " s warm-up, from the process start where processStart finds it, else the run's")
                        + ")");
            }
            return prometheus(gate.prometheusUrlFor(run.environment()), p, start, end, results);
        }
        if (source instanceof ValueSource.Profile p) {
            return gate.pyroscopeFor(run.environment()) == null
                    ? Measurement.missing("no pyroscope target for environment " + run.environment())
                    : evidence.value(p);
        }
        ValueSource.Efficiency e = (ValueSource.Efficiency) source;
        Measurement rate = single(gate, e.rate(), run, results, evidence, window);
        if (!rate.present()) {
            return rate;
        }
        Double throughput = results == null || results.global() == null ? null : results.global().throughputRps();
        if (throughput == null || throughput <= 0) {
            return Measurement.missing("efficiency needs the run's throughput, and the results have "
                    + (throughput == null ? "none" : "zero"));
        }
        return Measurement.of(rate.value() / throughput * e.per());
    }

    /**
     * When the run's process started, read from the gate's {@code processStart} query (Unix seconds) over the run's
     * steady state: the latest start it reports. Empty when there is no such query, or no answer; then a declared
     * warm-up counts from the window's start, and the profile alone tells a cold JVM (see {@code ColdJvm}).
     */
    Optional<Instant> processStart(GateDefinition gate, Run run, RunResults results) {
        String url = gate.prometheusUrlFor(run.environment());
        JudgedWindow window = JudgedWindow.of(run, results);
        if (gate.processStart() == null || url == null || !window.hasSteadyState()) {
            return Optional.empty();
        }
        PrometheusClient.Samples samples = prometheus.window(url, gate.processStart(), window.steadyStateStart(),
                window.end());
        return samples.answered() ? samples.values().stream().filter(Objects::nonNull).filter(s -> s > 0)
                .max(Double::compare).map(s -> Instant.ofEpochMilli(Math.round(s * 1000))) : Optional.empty();
    }

    /** The query's aggregate over the window, unless its samples (or the process they count) cannot be real. */
    private Measurement prometheus(String url, ValueSource.Prometheus p, Instant start, Instant end, RunResults results) {
        PrometheusClient.Samples samples = prometheus.window(url, p.query(), start, end);
        if (!samples.answered()) {
            return Measurement.missing(samples.reason());
        }
        if (samples.points().isEmpty()) {
            return Measurement.missing("the query's series has no numeric samples in the window");
        }
        long served = results == null || results.global() == null ? 0 : results.global().count();
        Optional<String> implausible = Plausibility.ofSamples(p.query(), samples.values(), served)
                .or(() -> Plausibility.processGroup(p.query()).flatMap(group -> Plausibility.ofProcessCount(group,
                        prometheus.window(url, Plausibility.processCountQuery(group), start, end).values())));
        if (implausible.isPresent()) {
            return Measurement.implausible(implausible.get());
        }
        // a CPU per request that falls across the window was not at its steady state: its average is not the level
        return (Plausibility.readsCpu(p.query()) ? SteadyState.warming(samples.points(), requestsPerSecond(results))
                : Optional.<String>empty())
                .map(Measurement::missing)
                .orElseGet(() -> Measurement.of(Aggregates.apply(p.aggregate(), samples.values())));
    }

    /** The requests the load tool started in each second (epoch second), from the results' time series. */
    private static Map<Long, Long> requestsPerSecond(RunResults results) {
        Map<Long, Long> requests = new HashMap<>();
        if (results != null && results.timeseries() != null) {
            results.timeseries().forEach(point -> requests.merge(point.t().getEpochSecond(), point.requests(), Long::sum));
        }
        return requests;
    }

    private static Measurement measure(ValueSource.Measure m, RunResults results) {
        if (results == null) {
            return Measurement.missing("no results or measures were posted for this run");
        }
        return results.measure(m.name()).map(Measurement::of).orElseGet(() -> Measurement.missing(
                "no measure '" + m.name() + "' was posted" + (results.measures().isEmpty() ? ""
                        : " (posted: " + String.join(", ", results.measures().keySet().stream().sorted().toList()) + ")")));
    }

    private static Measurement fromResults(ValueSource.Results source, RunResults results) {
        if (results == null) {
            return Measurement.missing("no results were posted for this run");
        }
        RequestStats stats;
        if (source.request() == null) {
            stats = results.global();
            if (stats == null) {
                return Measurement.missing("the results have no global statistics");
            }
        } else {
            stats = results.request(source.request()).orElse(null);
            if (stats == null) {
                return Measurement.missing("no request named '" + source.request() + "' in the results (has: "
                        + String.join(", ", results.requests().stream().map(RequestStats::name).limit(10).toList()) + ")");
            }
        }
        return stat(stats, source.stat(), results);
    }

    private static List<Resolved> perRequest(ValueSource.Results source, RunResults results) {
        if (results == null) {
            return List.of(new Resolved(source.requestPattern(), Measurement.missing("no results were posted for this run")));
        }
        Pattern pattern = Pattern.compile(source.requestPattern());
        List<Resolved> out = new ArrayList<>();
        for (RequestStats stats : results.requests()) {
            if (pattern.matcher(stats.name()).matches()) {
                out.add(new Resolved(stats.name(), stat(stats, source.stat(), results)));
            }
        }
        if (out.isEmpty()) {
            out.add(new Resolved(source.requestPattern(), Measurement.missing("no request matches '" + source.requestPattern() + "'")));
        }
        return out;
    }

    private static Measurement stat(RequestStats stats, String stat, RunResults results) {
        Double value = stats.stat(stat);
        if (value != null) {
            return Measurement.of(value);
        }
        String why = stats.ok() == 0 && Stat.of(stat).latency()
                ? "no successful responses to measure " + stat + " of '" + stats.name() + "'"
                : stat + " of '" + stats.name() + "' is not in the results"
                        + ("gatling-stats.json".equals(results.source()) ? " (a Gatling stats.json has p50, p75, p95, p99 only)" : "");
        return Measurement.missing(why);
    }
}

package dev.perfgate.check;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import dev.perfgate.definition.GateDefinition;
import dev.perfgate.results.ResultsDocument;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;

/**
 * The steady state a run is judged over: the load tool's own record when its results carry one (the PerfGate
 * format's {@code window}; the CLI takes it from Gatling's simulation.log: Gatling's first request plus the ramp-up
 * to its last response), else the run's (start plus ramp-up to end). The run's own times also count the build tool
 * and the load tool's start-up and report, when the system under test idles: a 10 s ramp-up left 4–6 s of ramp
 * in the CPU average and the end took in the time after the load. Pure.
 *
 * @param steadyStateStart where the judged window starts
 * @param end              where it ends
 * @param fromLoadTool     whether the load tool's record was used
 */
public record JudgedWindow(Instant steadyStateStart, Instant end, boolean fromLoadTool) {

    /** How far a load tool's record may lie outside the run's own times (clocks of two machines differ a little). */
    static final Duration SLACK = Duration.ofMinutes(1);

    public static JudgedWindow of(Run run, RunResults results) {
        JudgedWindow own = new JudgedWindow(run.steadyStateStart(), run.endedAt(), false);
        ResultsDocument.Window tool = results == null || results.windowIncludesRampUp() ? null : results.window();
        if (tool == null || tool.steadyStateStart() == null || tool.end() == null || run.endedAt() == null
                || !tool.end().isAfter(tool.steadyStateStart())
                || tool.steadyStateStart().isBefore(run.startedAt().minus(SLACK))
                || tool.end().isAfter(run.endedAt().plus(SLACK))
                || (tool.steadyStateStart().equals(own.steadyStateStart()) && tool.end().equals(own.end()))) {
            return own;
        }
        return new JudgedWindow(tool.steadyStateStart(), tool.end(), true);
    }

    /** The window judged by Prometheus and profile checks: this one less the gate's declared warm-up at its start. */
    public static JudgedWindow of(GateDefinition gate, Run run, RunResults results) {
        return of(gate, run, results, Optional.empty());
    }

    /**
     * The window judged by Prometheus and profile checks, when the process's start may be known: the declared warm-up
     * counts from the process's start (a JVM that has run for an hour is warm, one that started 30 s before the run
     * is not), and from the window's start when the start is not known.
     */
    public static JudgedWindow of(GateDefinition gate, Run run, RunResults results, Optional<Instant> processStart) {
        Duration warmup = gate == null || gate.warmup() == null ? Duration.ZERO : gate.warmup();
        return of(run, results).afterWarmup(warmup, processStart);
    }

    /** This window less a warm-up at its start (a JVM compiling and loading classes is not at its steady state). */
    public JudgedWindow afterWarmup(Duration warmup) {
        return warmup.isZero() ? this : new JudgedWindow(steadyStateStart.plus(warmup), end, fromLoadTool);
    }

    /** This window less what of the process's warm-up lies in it: all of the warm-up when the process start is not known. */
    public JudgedWindow afterWarmup(Duration warmup, Optional<Instant> processStart) {
        if (warmup.isZero() || processStart.isEmpty()) {
            return afterWarmup(warmup);
        }
        Instant warm = processStart.get().plus(warmup);
        return warm.isAfter(steadyStateStart) ? new JudgedWindow(warm, end, fromLoadTool) : this;
    }

    /**
     * Why the process judged was cold, when one of its start times (Unix seconds, e.g. Prometheus'
     * {@code process_start_time_seconds} over the window) lies inside this window: a JVM that started during the
     * load compiles and loads classes while it is judged.
     */
    public Optional<String> startedWithin(List<Double> startSeconds) {
        return startSeconds.stream().filter(Objects::nonNull).map(s -> Instant.ofEpochMilli(Math.round(s * 1000)))
                .max(Instant::compareTo).flatMap(this::startedWithin);
    }

    /** Why the process judged was cold, when it started inside this window. */
    public Optional<String> startedWithin(Instant processStart) {
        return Optional.of(processStart)
                .filter(start -> start.isAfter(steadyStateStart) && end != null && start.isBefore(end))
                .map(start -> "the process started at " + start + ", " + Duration.between(steadyStateStart, start)
                        .toSeconds() + " s into the judged window (" + steadyStateStart + " to " + end
                        + "): a cold JVM");
    }

    /** Whether there is a steady state to judge at all. */
    public boolean hasSteadyState() {
        return end != null && end.isAfter(steadyStateStart);
    }

    public Duration duration() {
        return end == null ? Duration.ZERO : Duration.between(steadyStateStart, end);
    }
}

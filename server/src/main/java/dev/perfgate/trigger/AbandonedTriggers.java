package dev.perfgate.trigger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import dev.perfgate.run.EndRunRequest;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunService;
import dev.perfgate.system.ApiException;

/**
 * Ends a trigger whose PerfGate process is gone (a restart, a crash, an instance that stopped answering), so its page
 * tells what happened and its series is free again: a load process it left running on this machine is stopped, a run
 * its runner recorded and would have ended is aborted (a Jenkins build records and ends its own run, so that one is
 * left alone), the trigger is marked failed with all of that as the reason, and its series lock is released. A
 * Jenkins build that was still queued (no run recorded yet) will still run and record one: its series stays reserved
 * for it until it does, or until the Jenkins runner's follow timeout after the trigger, so that no second load of the
 * series starts beside it. Every step may run twice (two instances sweeping at once) with the same outcome.
 */
@Component
class AbandonedTriggers {

    private static final Logger log = LoggerFactory.getLogger(AbandonedTriggers.class);

    private final TriggerRepository triggers;
    private final RunService runService;
    private final RunRepository runs;
    private final Clock clock;
    private final Duration buildFollowTimeout;

    @Autowired
    AbandonedTriggers(TriggerRepository triggers, RunService runService, RunRepository runs, Clock clock,
            RunnerProperties runner) {
        this(triggers, runService, runs, clock, runner.jenkins().followTimeout());
    }

    AbandonedTriggers(TriggerRepository triggers, RunService runService, RunRepository runs, Clock clock,
            Duration buildFollowTimeout) {
        this.triggers = triggers;
        this.runService = runService;
        this.runs = runs;
        this.clock = clock;
        this.buildFollowTimeout = buildFollowTimeout;
    }

    /** Ends the trigger; {@code restart}: found at this process' start, so its owner was the previous process. */
    void abandon(StoredTrigger trigger, Owner me, boolean restart) {
        String why = why(trigger, me, restart);
        List<String> what = new ArrayList<>(List.of(why));
        load(trigger, me).ifPresent(what::add);
        run(trigger, why).ifPresent(what::add);
        Instant reservedUntil = queuedBuild(trigger) ? trigger.requestedAt().plus(buildFollowTimeout) : null;
        boolean reserved = reservedUntil != null && clock.instant().isBefore(reservedUntil);
        if (reserved) {
            what.add("the series stays reserved for the run it will record, until " + reservedUntil
                    + " at the latest");
        }
        String message = String.join("; ", what);
        if (triggers.fail(trigger.id(), message, clock.instant(), reserved ? reservedUntil : null)) {
            log.warn("Triggered run {} of {} ({}) marked failed: {}", trigger.id(), trigger.series(), trigger.state(), message);
        }
        if (!reserved) {
            triggers.unlock(trigger.series(), trigger.id());
        }
    }

    /** A Jenkins build PerfGate asked for that has not recorded its run yet (it may still be in Jenkins' queue). */
    private static boolean queuedBuild(StoredTrigger trigger) {
        return JenkinsRunner.NAME.equals(trigger.runner()) && trigger.runId() == null && trigger.requestedAt() != null
                && (trigger.state() == Progress.State.QUEUED || trigger.state() == Progress.State.STARTING);
    }

    /**
     * Whether the series is still reserved for the run of a queued Jenkins build whose trigger was abandoned: until
     * its reservation ends or a run of the series is recorded after the trigger (that run then blocks the series
     * while it is running, as any run does).
     */
    boolean stillReserved(StoredTrigger trigger) {
        if (trigger.reservedUntil() == null || !clock.instant().isBefore(trigger.reservedUntil())) {
            return false;
        }
        return runs.ofSeries(trigger.series(), 1).stream()
                .noneMatch(run -> !run.createdAt().isBefore(trigger.requestedAt()));
    }

    private static String why(StoredTrigger trigger, Owner me, boolean restart) {
        Owner owner = trigger.owner();
        if (owner != null && owner.sameMachine(me)) {
            return restart ? "PerfGate restarted while this run was going"
                    : "The PerfGate process that ran it (pid " + owner.pid() + ") ended while this run was going";
        }
        return "The PerfGate instance running it" + (owner == null ? "" : " on " + owner.host())
                + " has not been heard from since " + trigger.savedAt();
    }

    /** Stops the load process the trigger started on this machine if it outlived its PerfGate; what became of it. */
    private static Optional<String> load(StoredTrigger trigger, Owner me) {
        if (JenkinsRunner.NAME.equals(trigger.runner())) {
            return Optional.of("the Jenkins build goes on by itself and records its run");
        }
        if (trigger.loadPid() == null) {
            return Optional.empty();
        }
        String process = "the load process (pid " + trigger.loadPid() + ")";
        if (!me.sameMachine(trigger.owner())) {
            return Optional.of(process + " on " + trigger.owner().host() + " was abandoned");
        }
        Optional<ProcessHandle> orphan = Owner.process(trigger.loadPid(), trigger.loadStartedAt());
        if (orphan.isEmpty()) {
            return Optional.of(process + " is no longer running");
        }
        return Optional.of(stop(orphan.get()) ? process + " was still running and has been stopped"
                : process + " was still running and did not stop: stop it by hand");
    }

    private static boolean stop(ProcessHandle process) {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            process.onExit().get(10, TimeUnit.SECONDS);
        } catch (TimeoutException stubborn) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        } catch (ExecutionException e) {
            // onExit does not fail
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !process.isAlive();
    }

    /** Aborts the run the trigger's runner recorded and would have ended; what became of it. */
    private Optional<String> run(StoredTrigger trigger, String why) {
        if (trigger.runId() == null || JenkinsRunner.NAME.equals(trigger.runner())) {
            return Optional.empty();
        }
        Optional<Run> recorded = runs.findById(trigger.runId());
        if (recorded.isEmpty()) {
            return Optional.empty();
        }
        Run run = recorded.get();
        if (!run.isEnded()) {
            Instant lastHeard = trigger.savedAt() == null || trigger.savedAt().isBefore(run.startedAt())
                    ? run.startedAt() : trigger.savedAt();
            try {
                runService.end(run.id(), new EndRunRequest(EndRunRequest.Outcome.ABORTED,
                        why + "; the load's results were not collected", lastHeard));
                return Optional.of("run " + run.runId() + " was aborted");
            } catch (ApiException endedMeanwhile) {
                run = runs.findById(run.id()).orElse(run);
            }
        }
        return Optional.of("run " + run.runId() + " had ended (" + run.status().name().toLowerCase()
                + "): its page has the verdict");
    }
}

package dev.perfgate.trigger;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import lombok.RequiredArgsConstructor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

import dev.perfgate.check.VerdictService;
import dev.perfgate.results.ResultsService;
import dev.perfgate.run.CreateRunRequest;
import dev.perfgate.run.EndRunRequest;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunService;
import dev.perfgate.run.Trigger;

/**
 * Starts the load scripts on this machine as a separate process: creates the run (trigger ui), follows Gatling's
 * console for the progress page, then attaches the results (converted by the client library), ends the run and
 * waits for the verdict.
 */
@RequiredArgsConstructor
class LocalRunner implements RunRunner {

    static final String NAME = "local";
    private static final Logger log = LoggerFactory.getLogger(LocalRunner.class);

    private final RunnerProperties.Local config;
    private final Duration verdictWait;
    private final RunService runs;
    private final ResultsService results;
    private final VerdictService verdicts;
    private final JsonMapper json;
    private final Clock clock;

    @Override
    public void run(TriggerRequest request, Progress progress) throws Exception {
        Path workingDir = config.workingDirectory();
        Path resultsDir = workingDir.resolve(config.resultsDir()).normalize();
        Instant started = clock.instant();
        Run run = runs.create(new CreateRunRequest(request.system(), request.workload(), request.environment(), null,
                request.version(), null, null, null, null, Trigger.UI, List.of("ui"),
                Map.of("users", String.valueOf(request.users()), "durationSeconds",
                        String.valueOf(request.durationSeconds()), "runner", name()),
                request.rampUpSeconds(), null), Trigger.UI).run();
        progress.run(run.id(), run.runId());
        List<String> command = command(request, run, resultsDir);
        log.info("Run {} of {}: starting {} in {}", run.runId(), run.series(), command, workingDir);
        progress.state(Progress.State.RUNNING, "load running (" + config.simulation(request.workload()) + ")");
        int exit;
        try {
            exit = load(command, workingDir, progress);
        } catch (InterruptedException stopped) {
            end(run, EndRunRequest.Outcome.ABORTED, "PerfGate stopped while the load was running");
            throw stopped;
        } catch (IOException | LoadTimeout e) {
            end(run, EndRunRequest.Outcome.ABORTED, e.getMessage());
            throw e;
        }

        progress.state(Progress.State.RESULTS, "load finished (exit code " + exit + "): reading the results");
        Optional<String> found;
        try {
            found = LoadResults.find(resultsDir, started, Duration.ofSeconds(request.rampUpSeconds()));
        } catch (IOException unreadable) {
            end(run, EndRunRequest.Outcome.ABORTED, "results unreadable: " + unreadable.getMessage());
            throw unreadable;
        }
        if (found.isEmpty()) {
            String reason = "the load process exited with code " + exit + " and left no results in " + resultsDir;
            end(run, EndRunRequest.Outcome.ABORTED, reason);
            throw new IOException(reason);
        }
        progress.loadEnded();
        try {
            results.attach(run.id(), json.readTree(found.get()));
        } catch (RuntimeException rejected) {
            end(run, EndRunRequest.Outcome.ABORTED, "results rejected: " + rejected.getMessage());
            throw rejected;
        }
        end(run, EndRunRequest.Outcome.COMPLETED, exit == 0 ? null : "the load process exited with code " + exit);

        progress.state(Progress.State.JUDGING, "run ended: judging it");
        Run judged = verdicts.awaitVerdict(run.id(), verdictWait);
        if (judged.verdict() == null || "PENDING".equals(judged.verdict().status())) {
            progress.state(Progress.State.DONE, "the verdict is still pending after " + verdictWait.toSeconds() + " s");
            return;
        }
        progress.judged(judged.verdict());
    }

    /** Runs the load process to its end, feeding its console to the progress; its exit code. */
    private int load(List<String> command, Path workingDir, Progress progress)
            throws IOException, InterruptedException, LoadTimeout {
        Process process = new ProcessBuilder(command).directory(workingDir.toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        progress.loadProcess(process.pid(), process.info().startInstant().orElse(null));
        GatlingConsole console = new GatlingConsole();
        Thread reader = new Thread(() -> follow(process, console, progress), "perfgate-load-output");
        reader.setDaemon(true);
        reader.start();
        try {
            if (!process.waitFor(config.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                throw new LoadTimeout("the load did not finish within " + config.timeout().toMinutes() + " min");
            }
        } finally {
            if (process.isAlive()) {
                process.descendants().forEach(ProcessHandle::destroy);
                process.destroy();
                process.waitFor(10, TimeUnit.SECONDS);
                process.destroyForcibly();
            }
        }
        reader.join(5_000);
        return process.exitValue();
    }

    private static void follow(Process process, GatlingConsole console, Progress progress) {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (!line.isBlank()) {
                    progress.log(line);
                }
                if (console.accept(line)) {
                    progress.load(console.elapsedSeconds(), console.requests(), console.errors());
                }
            }
        } catch (IOException closed) {
            // the process was stopped; its exit code tells the rest
        }
    }

    List<String> command(TriggerRequest request, Run run, Path resultsDir) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("simulation", config.simulation(request.workload()));
        values.put("baseUrl", config.baseUrl());
        values.put("users", String.valueOf(request.users()));
        values.put("durationSeconds", String.valueOf(request.durationSeconds()));
        values.put("rampUpSeconds", String.valueOf(request.rampUpSeconds()));
        values.put("runId", run.runId());
        values.put("system", request.system());
        values.put("workload", request.workload());
        values.put("environment", request.environment());
        values.put("version", request.version() == null ? "" : request.version());
        values.put("resultsDir", resultsDir.toString());
        return config.command().stream().map(argument -> {
            String replaced = argument;
            for (Map.Entry<String, String> value : values.entrySet()) {
                replaced = replaced.replace("{" + value.getKey() + "}", value.getValue());
            }
            return replaced;
        }).toList();
    }

    private void end(Run run, EndRunRequest.Outcome outcome, String reason) {
        runs.end(run.id(), new EndRunRequest(outcome, reason, null));
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The load ran past the configured timeout. */
    static final class LoadTimeout extends Exception {
        LoadTimeout(String message) {
            super(message);
        }
    }
}

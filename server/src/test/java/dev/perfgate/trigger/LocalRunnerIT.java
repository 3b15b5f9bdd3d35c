package dev.perfgate.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.perfgate.check.VerdictService;
import dev.perfgate.results.ResultsService;
import dev.perfgate.run.CreateRunRequest;
import dev.perfgate.run.EndRunRequest;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunService;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.RunVerdict;
import dev.perfgate.run.Trigger;

/** The local runner with a real child process: a script that prints Gatling's console and writes results. */
class LocalRunnerIT {

    static final TriggerRequest REQUEST = new TriggerRequest("shop", "peak", "test", "1.2", 2, 2, 0);

    @TempDir
    Path workingDir;

    final RunService runs = mock(RunService.class);
    final ResultsService results = mock(ResultsService.class);
    final VerdictService verdicts = mock(VerdictService.class);
    final Run run = run(RunStatus.RUNNING, null);

    @BeforeEach
    void givenTheRunIsCreated() {
        given(runs.create(any(), eq(Trigger.UI))).willReturn(new RunService.Created(run, true));
        given(verdicts.awaitVerdict(eq("r1"), any())).willReturn(run(RunStatus.COMPLETED,
                new RunVerdict("PASS", "v1", "PASS: all 2 checks passed", Instant.now())));
    }

    @Test
    void shouldFollowTheConsoleAttachTheResultsEndTheRunAndReportTheVerdict() throws Exception {
        Progress progress = progress();

        runner("0").run(REQUEST, progress);

        Progress.View view = progress.view();
        assertThat(view.state()).isEqualTo("DONE");
        assertThat(view.elapsedSeconds()).as("from the last '2s elapsed'").isEqualTo(2);
        assertThat(view.requests()).isEqualTo(40);
        assertThat(view.verdict()).isEqualTo("PASS");
        assertThat(view.runLabel()).isEqualTo("7");
        ArgumentCaptor<CreateRunRequest> created = ArgumentCaptor.forClass(CreateRunRequest.class);
        verify(runs).create(created.capture(), eq(Trigger.UI));
        assertThat(created.getValue().trigger()).isEqualTo(Trigger.UI);
        assertThat(created.getValue().version()).isEqualTo("1.2");
        ArgumentCaptor<JsonNode> attached = ArgumentCaptor.forClass(JsonNode.class);
        verify(results).attach(eq("r1"), attached.capture());
        assertThat(attached.getValue().path("measures").path("cpu_avg_pct").asDouble()).isEqualTo(20.0);
        verify(runs).end("r1", new EndRunRequest(EndRunRequest.Outcome.COMPLETED, null, null));
    }

    @Test
    void shouldAbortTheRunWithTheReasonWhenTheLoadLeavesNoResults() {
        Progress progress = progress();

        assertThatThrownBy(() -> runner("3").run(REQUEST, progress)).isInstanceOf(IOException.class)
                .hasMessageContaining("the load process exited with code 3 and left no results in");

        verify(results, never()).attach(any(), any());
        ArgumentCaptor<EndRunRequest> ended = ArgumentCaptor.forClass(EndRunRequest.class);
        verify(runs).end(eq("r1"), ended.capture());
        assertThat(ended.getValue().status()).isEqualTo(EndRunRequest.Outcome.ABORTED);
        assertThat(progress.view().log()).contains("Simulation dev.perfgate.load.SmokeSimulation completed in 2 seconds");
    }

    @Test
    void shouldIgnoreResultsOlderThanTheRun() throws Exception {
        Path stale = Files.createDirectories(workingDir.resolve("results")).resolve(LoadResults.OWN_RESULTS);
        Files.writeString(stale, "{}");
        Files.setLastModifiedTime(stale, java.nio.file.attribute.FileTime.from(Instant.now().minusSeconds(3600)));

        assertThat(LoadResults.find(workingDir.resolve("results"), Instant.now(), Duration.ZERO)).isEmpty();
    }

    @Test
    void shouldFillThePlaceholdersOfTheCommand() {
        LocalRunner runner = new LocalRunner(new RunnerProperties.Local(workingDir.toString(), "dev.perfgate.load.SmokeSimulation",
                Map.of("peak", "dev.perfgate.load.PeakLoadSimulation"), "http://127.0.0.1:18080", "load-scripts/target/gatling", Duration.ofMinutes(5),
                List.of("./mvnw", "-Dgatling.simulationClass={simulation}", "-DbaseUrl={baseUrl}", "-Dusers={users}",
                        "-DdurationSeconds={durationSeconds}", "-DrampUpSeconds={rampUpSeconds}", "-DrunId={runId}")),
                Duration.ofSeconds(5), runs, results, verdicts, JsonMapper.builder().build(), Clock.systemUTC());

        assertThat(runner.command(REQUEST, run, workingDir)).containsExactly("./mvnw",
                "-Dgatling.simulationClass=dev.perfgate.load.PeakLoadSimulation", "-DbaseUrl=http://127.0.0.1:18080",
                "-Dusers=2", "-DdurationSeconds=2", "-DrampUpSeconds=0", "-DrunId=7");
        TriggerRequest soak = new TriggerRequest("shop", "soak", "test", "1.2", 2, 2, 0);
        assertThat(runner.command(soak, run, workingDir))
                .contains("-Dgatling.simulationClass=dev.perfgate.load.SmokeSimulation");
    }

    private LocalRunner runner(String exitCode) {
        String script = Path.of("src/test/resources/trigger/fake-gatling.sh").toAbsolutePath().toString();
        return new LocalRunner(new RunnerProperties.Local(workingDir.toString(), "dev.perfgate.load.SmokeSimulation",
                Map.of(), "http://127.0.0.1:18080", "results", Duration.ofMinutes(1),
                List.of("sh", script, "{resultsDir}", "{durationSeconds}", "20", exitCode)),
                Duration.ofSeconds(5), runs, results, verdicts, JsonMapper.builder().build(), Clock.systemUTC());
    }

    private static Progress progress() {
        return new Progress("p1", "local", REQUEST, "ann", Instant.now());
    }

    private static Run run(RunStatus status, RunVerdict verdict) {
        Instant now = Instant.now();
        return new Run("r1", "shop", "peak", "test", "7", "1.2", null, null, null, null, Trigger.UI, List.of("ui"),
                Map.of(), now, null, 0, status, null, now, verdict, null);
    }
}

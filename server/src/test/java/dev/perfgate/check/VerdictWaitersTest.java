package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunVerdict;
import dev.perfgate.system.ApiException;

/** Waiting for a verdict: one read of the run, and no verdict missed however the read and the verdict interleave. */
class VerdictWaitersTest {

    static final Run PENDING = VerdictControllerTest.run(new RunVerdict("PENDING", null, null, VerdictControllerTest.STARTED));
    static final Run JUDGED = VerdictControllerTest.run(new RunVerdict("PASS", "v1", "PASS", VerdictControllerTest.STARTED));

    final RunRepository runs = mock(RunRepository.class);
    final VerdictWaiters waiters = new VerdictWaiters(runs, Duration.ofHours(1));

    @AfterEach
    void stop() {
        waiters.stop();
    }

    @Test
    void shouldAnswerWithTheVerdictStoredWhileTheRunWasRead() throws Exception {
        // the read returns the run as it was before the verdict; the verdict is announced while the read is under way
        given(runs.findById("r1")).willAnswer(read -> {
            waiters.onVerdict(new VerdictService.VerdictReady(JUDGED, null, null));
            return Optional.of(PENDING);
        });

        CompletableFuture<Run> answer = waiters.await("r1", Duration.ofSeconds(60), () -> ApiException.notFound("none"));

        assertThat(answer.get(5, TimeUnit.SECONDS)).isEqualTo(JUDGED);
    }

    @Test
    void shouldReadTheRunOnceAndAnswerWhenItsVerdictIsStored() throws Exception {
        given(runs.findById("r1")).willReturn(Optional.of(PENDING));

        CompletableFuture<Run> answer = waiters.await("r1", Duration.ofSeconds(60), () -> ApiException.notFound("none"));
        assertThat(answer).isNotDone();
        waiters.onVerdict(new VerdictService.VerdictReady(JUDGED, null, null));

        assertThat(answer.get(5, TimeUnit.SECONDS)).isEqualTo(JUDGED);
        verify(runs, times(1)).findById("r1");
    }

    @Test
    void shouldAnswerAJudgedRunAtOnce() throws Exception {
        given(runs.findById("r1")).willReturn(Optional.of(JUDGED));

        assertThat(waiters.await("r1", Duration.ofSeconds(60), () -> ApiException.notFound("none")))
                .isCompletedWithValue(JUDGED);
    }

    @Test
    void shouldAnswerNotFoundForAnUnknownRun() {
        given(runs.findById("r1")).willReturn(Optional.empty());

        assertThatThrownBy(() -> waiters.await("r1", Duration.ofSeconds(60), () -> ApiException.notFound("no run r1")))
                .isInstanceOf(ApiException.class).hasMessageContaining("no run r1");
    }

    @Test
    void shouldAnswerTheRunAsStoredWhenTheTimeoutPasses() throws Exception {
        given(runs.findById("r1")).willReturn(Optional.of(PENDING));

        CompletableFuture<Run> answer = waiters.await("r1", Duration.ofMillis(50), () -> ApiException.notFound("none"));

        assertThat(answer.get(5, TimeUnit.SECONDS)).isEqualTo(PENDING);
        verify(runs, times(2)).findById("r1");
    }
}

package dev.perfgate.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Series;
import dev.perfgate.run.Trigger;
import dev.perfgate.system.ApiException;

class TriggersTest {

    static final Instant NOW = Instant.parse("2026-03-02T12:00:00Z");
    static final TriggerRequest SHOP = new TriggerRequest("shop", "peak", "test", "1.2", 2, 10, 0);

    final CountDownLatch release = new CountDownLatch(1);
    final RunRepository runs = mock(RunRepository.class);
    final Triggers triggers = new Triggers(new BlockingRunner(release), runs, Clock.fixed(NOW, ZoneOffset.UTC),
            new RunnerProperties("local", Duration.ofHours(6), Duration.ofMinutes(2), null, null));

    @AfterEach
    void releaseTheRunner() {
        release.countDown();
        triggers.stop();
    }

    @Test
    void shouldRefuseASecondRunOfTheSameSeriesWhileTheFirstIsGoing() {
        triggers.start(SHOP, "ann");

        assertThatThrownBy(() -> triggers.start(SHOP, "bob")).isInstanceOf(ApiException.class)
                .hasMessage("A run of shop/peak/test is already in progress (triggered by ann): "
                        + "PerfGate runs one load per series at a time");
    }

    @Test
    void shouldStartRunsOfOtherSeriesAtTheSameTime() {
        triggers.start(SHOP, "ann");

        Progress other = triggers.start(new TriggerRequest("shop", "soak", "test", null, 2, 10, 0), "bob");

        assertThat(other.view().state()).isIn("STARTING", "RUNNING");
    }

    @Test
    void shouldAcceptTheSeriesAgainOnceTheRunFinished() throws Exception {
        Progress first = triggers.start(SHOP, "ann");
        release.countDown();

        Progress second = startWhenFree(SHOP);

        assertThat(first.state()).isEqualTo(Progress.State.DONE);
        assertThat(second.id()).isNotEqualTo(first.id());
    }

    @Test
    void shouldRefuseWhileARunOfTheSeriesRecordedByCiIsStillRunning() {
        given(runs.ofSeries(new Series("shop", "peak", "test"), 1)).willReturn(List.of(running(NOW.minusSeconds(60))));

        assertThatThrownBy(() -> triggers.start(SHOP, "ann")).isInstanceOf(ApiException.class)
                .hasMessage("Run 17 of shop/peak/test has been running since 2026-03-02T11:59:00Z (ci): "
                        + "PerfGate runs one load per series at a time");
    }

    @Test
    void shouldNotLetARunningRunOlderThanTheStaleLimitBlockTheSeries() {
        given(runs.ofSeries(new Series("shop", "peak", "test"), 1)).willReturn(List.of(running(NOW.minus(Duration.ofHours(7)))));

        assertThat(triggers.start(SHOP, "ann")).isNotNull();
    }

    private static Run running(Instant started) {
        return new Run("r17", "shop", "peak", "test", "17", null, null, null, null, null, Trigger.CI, List.of(), java.util.Map.of(),
                started, null, 0, RunStatus.RUNNING, null, started, null, null);
    }

    /** The runner's thread frees the series just after the run finished. */
    private Progress startWhenFree(TriggerRequest request) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            try {
                return triggers.start(request, "ann");
            } catch (ApiException busy) {
                if (attempt == 100) {
                    throw busy;
                }
                Thread.sleep(20);
            }
        }
    }

    /** A runner that holds the series until released. */
    record BlockingRunner(CountDownLatch release) implements RunRunner {
        @Override
        public String name() {
            return "test";
        }

        @Override
        public void run(TriggerRequest request, Progress progress) throws Exception {
            progress.state(Progress.State.RUNNING, "holding");
            release.await(10, TimeUnit.SECONDS);
            progress.state(Progress.State.DONE, "released");
        }
    }
}

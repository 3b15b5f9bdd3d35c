package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.http.HttpStatus;

import dev.perfgate.system.Intake.Kind;

/** The intake's line: its order, its limit, and new runs held while ended runs wait for judging. */
class IntakeTest {

    final AtomicLong backlog = new AtomicLong();
    final StaticListableBeanFactory beans = new StaticListableBeanFactory();
    Intake intake;

    Intake intake(int concurrency, int capacity, int backlogLimit) {
        beans.addBean("backlog", (Intake.Backlog) backlog::get);
        intake = new Intake(concurrency, capacity, backlogLimit, beans.getBeanProvider(Intake.Backlog.class),
                beans.getBeanProvider(MeterRegistry.class));
        return intake;
    }

    @AfterEach
    void stop() {
        intake.stop();
    }

    /** Holds the intake's only thread until released. */
    CountDownLatch occupy(Intake intake) throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        intake.submit(Kind.RESULTS, () -> {
            started.countDown();
            try {
                return release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        return release;
    }

    @Test
    void shouldServeResultsBeforeNewRunsThatArrivedEarlierAndEachKindInArrivalOrder() throws Exception {
        Intake intake = intake(1, 100, 8);
        CountDownLatch release = occupy(intake);
        List<String> served = new CopyOnWriteArrayList<>();

        CompletableFuture<?> last = CompletableFuture.allOf(
                intake.submit(Kind.NEW_RUN, () -> served.add("run 1")),
                intake.submit(Kind.NEW_RUN, () -> served.add("run 2")),
                intake.submit(Kind.RESULTS, () -> served.add("results 1")),
                intake.submit(Kind.RESULTS, () -> served.add("results 2")));
        release.countDown();
        last.get(10, TimeUnit.SECONDS);

        assertThat(served).containsExactly("results 1", "results 2", "run 1", "run 2");
    }

    @Test
    void shouldRefuseWith503OnceTheLineIsFull() throws Exception {
        Intake intake = intake(1, 2, 8);
        CountDownLatch release = occupy(intake);
        intake.submit(Kind.NEW_RUN, () -> 1);
        intake.submit(Kind.NEW_RUN, () -> 2);

        assertThatThrownBy(() -> intake.submit(Kind.RESULTS, () -> 3))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
                    assertThat(e.retryAfterSeconds()).isEqualTo(2);
                })
                .hasMessageContaining("retry after 2 s");
        release.countDown();
    }

    @Test
    void shouldHoldANewRunWhileEndedRunsWaitForJudgingAndTakeItInOnceAVerdictIsStored() throws Exception {
        Intake intake = intake(2, 100, 3);
        backlog.set(3);

        CompletableFuture<String> run = intake.submit(Kind.NEW_RUN, () -> "created");
        CompletableFuture<String> results = intake.submit(Kind.RESULTS, () -> "stored");

        assertThat(results.get(10, TimeUnit.SECONDS)).as("results never wait for judging").isEqualTo("stored");
        Thread.sleep(300);
        assertThat(run).as("3 ended runs wait for judging: the new run waits").isNotDone();
        backlog.set(2);
        intake.verdictStored();
        assertThat(run.get(10, TimeUnit.SECONDS)).isEqualTo("created");
    }

    @Test
    void shouldServeResultsWhileTheOnlyThreadHoldsANewRunThatWaitsForJudging() throws Exception {
        Intake intake = intake(1, 100, 2);
        backlog.set(2);

        CompletableFuture<String> run = intake.submit(Kind.NEW_RUN, () -> "created");
        Thread.sleep(200); // the new run holds the one thread, waiting for the backlog
        CompletableFuture<String> results = intake.submit(Kind.RESULTS, () -> "stored");

        assertThat(results.get(10, TimeUnit.SECONDS)).as("results of a run under way never wait for judging").isEqualTo("stored");
        assertThat(run).as("2 ended runs wait for judging: the new run still waits").isNotDone();
        backlog.set(1);
        intake.verdictStored();
        assertThat(run.get(10, TimeUnit.SECONDS)).isEqualTo("created");
    }

    @Test
    void shouldCompleteWithTheExceptionAsThrown() {
        Intake intake = intake(1, 100, 8);

        CompletableFuture<Object> failed = intake.submit(Kind.NEW_RUN, () -> {
            throw ApiException.notFound("No run with id x");
        });

        assertThatThrownBy(() -> failed.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(ApiException.class)
                .hasRootCauseMessage("No run with id x");
    }
}

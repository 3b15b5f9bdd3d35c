package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.bson.types.ObjectId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Query;

import dev.perfgate.profile.Profile;
import dev.perfgate.profile.ProfileType;
import dev.perfgate.profile.Quantity;
import dev.perfgate.run.Run;
import dev.perfgate.system.Claims;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Trigger;

/**
 * What the judging queue promises on every supported store: one holder per job however many claim at once, runs
 * of a series in start order, a job whose lease ran out taken over, a job requested again while held judged again;
 * and that the profiles a verdict judged come back from the store as they were.
 * This instance's own workers are off ({@code perfgate.judging.workers=0}): the test is the only claimer.
 */
abstract class JudgingQueueContract {

    static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");
    static final Duration LEASE = Duration.ofSeconds(60);

    @Autowired
    JudgingQueue queue;

    @Autowired
    MongoTemplate mongo;

    @Autowired
    JudgedProfiles judgedProfiles;

    @Autowired
    Claims claims;

    final String system = "queue-" + System.nanoTime();

    @BeforeEach
    void emptyQueue() {
        mongo.remove(new Query(), JudgingJob.class);
        queue.reload();
    }

    @Test
    void shouldGiveEachJobToExactlyOneOfManyConcurrentClaimers() throws Exception {
        for (int i = 0; i < 12; i++) {
            queue.addIfAbsent(run("env-" + i, T0.plusSeconds(i)), "v-" + i, "run ended", T0);
        }
        ExecutorService claimers = Executors.newFixedThreadPool(6);
        List<Callable<List<String>>> tasks = new ArrayList<>();
        for (int c = 0; c < 6; c++) {
            String owner = "owner-" + c;
            tasks.add(() -> {
                List<String> taken = new ArrayList<>();
                for (Optional<JudgingJob> job; (job = queue.claim(owner, T0.plusSeconds(1), LEASE)).isPresent(); ) {
                    taken.add(job.get().verdictId());
                }
                return taken;
            });
        }
        List<String> all = new ArrayList<>();
        for (Future<List<String>> taken : claimers.invokeAll(tasks)) {
            all.addAll(taken.get());
        }
        claimers.shutdown();

        assertThat(all).as("every job claimed once, none twice").hasSize(12).doesNotHaveDuplicates();
    }

    @Test
    void shouldReturnTheProfilesAVerdictJudgedAsTheyWere() throws Exception {
        // Given a verdict's two CPU profiles
        Profile run = Profile.fromFolded("main;handle;multiply 700\nmain;handle;parse 510", Quantity.samples(100));
        Profile baseline = Profile.fromFolded("main;handle;multiply 42\nmain;handle;parse 500", Quantity.samples(100));
        String verdict = new ObjectId().toHexString();

        // When they are stored with the verdict
        judgedProfiles.store(verdict, List.of(
                new JudgedProfiles.Judged(JudgedProfiles.Side.RUN, "r2", ProfileType.CPU, run),
                new JudgedProfiles.Judged(JudgedProfiles.Side.BASELINE, "r1", ProfileType.CPU, baseline)), T0);

        // Then each side is found by the verdict, with the run it is of; nothing else is
        JudgedProfiles.Found found = judgedProfiles.find(verdict, JudgedProfiles.Side.BASELINE, ProfileType.CPU)
                .orElseThrow();
        assertThat(found.runId()).isEqualTo("r1");
        assertThat(found.profile().root().orElseThrow().child("main").orElseThrow().child("handle").orElseThrow()
                .child("multiply").orElseThrow().self()).isEqualTo(42);
        assertThat(judgedProfiles.find(verdict, JudgedProfiles.Side.RUN, ProfileType.CPU).orElseThrow().profile()
                .numTicks()).isEqualTo(1210);
        assertThat(judgedProfiles.find(verdict, JudgedProfiles.Side.RUN, ProfileType.ALLOC_BYTES)).isEmpty();
    }

    @Test
    void shouldHoldALaterRunOfASeriesUntilTheEarlierOneIsDone() {
        Run first = run("test", T0);
        Run second = run("test", T0.plusSeconds(60));
        queue.addIfAbsent(second, "v-2", "run ended", T0);
        queue.addIfAbsent(first, "v-1", "run ended", T0);

        JudgingJob taken = queue.claim("a", T0.plusSeconds(1), LEASE).orElseThrow();
        Optional<JudgingJob> meanwhile = queue.claim("b", T0.plusSeconds(1), LEASE);
        queue.done(taken);
        JudgingJob next = queue.claim("b", T0.plusSeconds(2), LEASE).orElseThrow();

        assertThat(taken.verdictId()).as("the earlier run first").isEqualTo("v-1");
        assertThat(meanwhile).as("the later run waits while the earlier one is judged").isEmpty();
        assertThat(next.verdictId()).isEqualTo("v-2");
    }

    @Test
    void shouldLetAnotherInstanceTakeOverAJobWhoseLeaseRanOut() {
        queue.addIfAbsent(run("test", T0), "v-1", "run ended", T0);
        JudgingJob crashed = queue.claim("dead", T0, LEASE).orElseThrow();

        Optional<JudgingJob> during = queue.claim("alive", T0.plus(LEASE).minusSeconds(1), LEASE);
        JudgingJob after = queue.claim("alive", T0.plus(LEASE).plusSeconds(1), LEASE).orElseThrow();

        assertThat(during).as("held while the lease lasts").isEmpty();
        assertThat(after.owner()).isEqualTo("alive");
        assertThat(after.claims()).isEqualTo(crashed.claims() + 1);
    }

    @Test
    void shouldTakeOverAJobWhoseClaimerDiedBetweenClaimAndLease() {
        Run run = run("test", T0);
        queue.addIfAbsent(run, "v-1", "run ended", T0);
        String token = mongo.findById(run.id(), JudgingJob.class).token();
        assertThat(claims.take(mongo, "judge:" + token + ":1", T0)).as("the dead claimer's claim").isTrue();

        Optional<JudgingJob> duringLease = queue.claim("alive", T0.plusSeconds(1), LEASE);
        Optional<JudgingJob> afterLease = queue.claim("alive", T0.plus(LEASE).plusSeconds(1), LEASE);

        assertThat(duringLease).as("the claim may still be taking its lease").isEmpty();
        assertThat(afterLease).as("a stale claim blocks the job no longer").isPresent();
    }

    @Test
    void shouldJudgeAgainAJobRequestedAgainWhileItWasHeld() {
        Run run = run("test", T0);
        queue.addIfAbsent(run, "v-1", "run ended", T0);
        JudgingJob held = queue.claim("a", T0, LEASE).orElseThrow();

        queue.request(run, "v-2", "results attached", T0.plusSeconds(1));
        boolean removed = queue.done(held);
        JudgingJob again = queue.claim("a", T0.plusSeconds(2), LEASE).orElseThrow();

        assertThat(removed).as("requested again: not done").isFalse();
        assertThat(again.verdictId()).isEqualTo("v-2");
        assertThat(again.reason()).isEqualTo("results attached");
    }

    @Test
    void shouldKeepInTheStoreEveryJobWhoseVerdictIsNotStored() {
        // Given three ended runs queued, the first judged, the second being judged
        Run judged = run("a", T0);
        Run held = run("b", T0);
        Run waiting = run("c", T0);
        queue.addIfAbsent(judged, "v-a", "run ended", T0);
        queue.addIfAbsent(held, "v-b", "run ended", T0);
        queue.addIfAbsent(waiting, "v-c", "run ended", T0);
        assertThat(queue.waiting()).as("due, taken or not").isEqualTo(3);
        JudgingJob first = queue.claim("a", T0, LEASE).orElseThrow();
        assertThat(queue.done(first)).isTrue();
        JudgingJob second = queue.claim("a", T0, LEASE).orElseThrow();

        // Then the store, which a restart reads, holds the two whose verdicts are not stored
        assertThat(mongo.findAll(JudgingJob.class)).extracting(JudgingJob::verdictId)
                .containsExactlyInAnyOrder(second.verdictId(), first.verdictId().equals("v-c") ? "v-b" : "v-c")
                .doesNotContain(first.verdictId());
        assertThat(queue.waiting()).isEqualTo(2);
    }

    @Test
    void shouldTryAFailedJobAgainWhenItIsDueWithItsError() {
        queue.addIfAbsent(run("test", T0), "v-1", "run ended", T0);
        JudgingJob failed = queue.claim("a", T0, LEASE).orElseThrow();

        queue.retry(failed, T0.plusSeconds(4), "store timed out");
        Optional<JudgingJob> early = queue.claim("a", T0.plusSeconds(3), LEASE);
        JudgingJob again = queue.claim("a", T0.plusSeconds(4), LEASE).orElseThrow();

        assertThat(early).as("not due yet").isEmpty();
        assertThat(again.failures()).isEqualTo(1);
        assertThat(again.lastError()).isEqualTo("store timed out");
        assertThat(mongo.findById(again.id(), JudgingJob.class).failures()).as("as the store has it").isEqualTo(1);
    }

    @Test
    void shouldQueueAnEndedRunOnceHoweverOftenItIsAdded() {
        Run run = run("test", T0);

        boolean first = queue.addIfAbsent(run, "ended-" + run.id(), "run ended", T0);
        boolean retried = queue.addIfAbsent(run, "ended-" + run.id(), "run ended", T0);

        assertThat(first).isTrue();
        assertThat(retried).isFalse();
    }

    Run run(String environment, Instant startedAt) {
        return new Run(new ObjectId().toHexString(), system, "peak", environment, "1", null, null, null, null, null,
                Trigger.API, List.of(), Map.of(), startedAt, startedAt.plusSeconds(30), 0, RunStatus.COMPLETED, null,
                startedAt, null, null);
    }
}

package dev.perfgate.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.MongoTemplate;

import dev.perfgate.results.RequestStats;
import dev.perfgate.results.ResultsDocument;
import dev.perfgate.results.ResultsRepository;
import dev.perfgate.results.RunResults;
import dev.perfgate.system.Claims;
import dev.perfgate.system.IdLookup;

/**
 * What PerfGate needs from its store, run against every store it supports (the embedded server
 * and FerretDB here, MongoDB in production): unique runIds per series under concurrency, atomic
 * counters, newest-first paging, exact round trips of results.
 */
abstract class StoreContract {

    @Autowired
    RunService service;
    @Autowired
    RunRepository runs;
    @Autowired
    ResultsRepository results;
    @Autowired
    MongoTemplate mongo;
    @Autowired
    Claims claims;
    @Autowired
    JudgedRuns judgedRuns;

    String system;

    @BeforeEach
    void newSystem() {
        system = "store-" + System.nanoTime();
        // what the start does in the background: the store's judged runs listed and the marker written
        judgedRuns.listEveryJudgedRun();
    }

    @Test
    void shouldKeepOneRunPerRunIdInASeriesUnderConcurrentCreates() throws Exception {
        CreateRunRequest request = request("dup-1", null);

        List<RunService.Created> created = concurrently(16, () -> service.create(request, Trigger.API));

        assertThat(created).filteredOn(RunService.Created::created).hasSize(1);
        assertThat(created).extracting(c -> c.run().id()).containsOnly(created.get(0).run().id());
        assertThat(runs.list(system, null, null, null, 100)).hasSize(1);
    }

    @Test
    void shouldRejectDuplicateRunIdInTheSameSeriesByIndex() {
        Run run = service.create(request("idx-1", null), Trigger.API).run();
        Run copy = new Run("aaaaaaaaaaaaaaaaaaaaaaaa", run.system(), run.workload(), run.environment(), run.runId(),
                null, null, null, null, null, Trigger.API, List.of(), Map.of(), Instant.now(), null, 0,
                RunStatus.RUNNING, null, Instant.now(), null, null);

        assertThatThrownBy(() -> runs.insert(copy)).isInstanceOf(DuplicateKeyException.class);
    }

    @Test
    void shouldAllowTheSameRunIdInAnotherSeries() {
        Run peak = service.create(request("same", null), Trigger.API).run();
        Run soak = service.create(new CreateRunRequest(system, "soak", "test", "same", null, null, null, null,
                null, null, null, null, null, null), Trigger.API).run();

        assertThat(soak.id()).isNotEqualTo(peak.id());
    }

    @Test
    void shouldHandOutDistinctRunNumbersUnderConcurrentCreates() throws Exception {
        // 100 creates on 8 threads: with a bound of 20 attempts per create, FerretDB's non-atomic counter failed
        // 1 of 2 rounds (24 creates failed 1 CI run in many)
        CreateRunRequest numbered = request(null, null);

        List<RunService.Created> created = concurrently(100, () -> service.create(numbered, Trigger.API));

        Set<String> runIds = new HashSet<>();
        created.forEach(c -> runIds.add(c.run().runId()));
        assertThat(runIds).hasSize(100);
        assertThat(created).allMatch(RunService.Created::created);
    }

    @Test
    void shouldNumberARunAfterTheRunsItsSeriesHasAlready() {
        service.create(request("151", null), Trigger.CI);
        service.create(request("155", null), Trigger.CI);
        service.create(request("build-7", null), Trigger.CI);

        assertThat(service.create(request(null, null), Trigger.UI).run().runId()).as("after the highest number")
                .isEqualTo("156");
        assertThat(service.create(request(null, null), Trigger.UI).run().runId()).isEqualTo("157");

        CreateRunRequest named = new CreateRunRequest(system, "soak", "test", "nightly-a", null, null, null, null,
                null, null, null, null, null, null);
        service.create(named, Trigger.CI);
        CreateRunRequest numbered = new CreateRunRequest(system, "soak", "test", null, null, null, null, null,
                null, null, null, null, null, null);
        assertThat(service.create(numbered, Trigger.UI).run().runId()).as("after as many runs as the series has")
                .isEqualTo("2");
    }

    @Test
    void shouldPageNewestFirstWithTiesBrokenById() {
        Instant sameStart = Instant.parse("2026-03-01T10:00:00Z");
        for (int i = 1; i <= 4; i++) {
            service.create(request("t" + i, sameStart), Trigger.API);
        }
        service.create(request("later", sameStart.plusSeconds(60)), Trigger.API);

        List<Run> first = runs.list(system, "peak", "test", null, 3);
        List<Run> second = runs.list(system, "peak", "test", first.get(2), 3);

        assertThat(first.get(0).runId()).isEqualTo("later");
        Set<String> all = new HashSet<>();
        first.forEach(r -> all.add(r.runId()));
        second.forEach(r -> all.add(r.runId()));
        assertThat(all).containsExactlyInAnyOrder("later", "t1", "t2", "t3", "t4");
        assertThat(second).hasSize(2);
    }

    @Test
    void shouldLetExactlyOneConcurrentEndClaimTheRun() throws Exception {
        String id = service.create(request("end-once", null), Trigger.API).run().id();

        List<Boolean> claims = concurrently(8, () -> runs.claimEnd(id, Instant.now()));
        Run ended = runs.markEnded(id, RunStatus.COMPLETED, Instant.now().plusSeconds(5), null);

        assertThat(claims).containsOnlyOnce(true);
        assertThat(ended.status()).isEqualTo(RunStatus.COMPLETED);
    }

    @Test
    void shouldKeepADayOfClaimsAndRemoveOlderOnes() {
        String id = service.create(request("claimed", null), Trigger.API).run().id();
        Instant now = Instant.now();
        assertThat(runs.claimEnd(id, now)).isTrue();
        assertThat(claims.take(mongo, system + ":old", now.minus(Duration.ofDays(2)))).isTrue();
        assertThat(claims.take(mongo, system + ":recent", now.minus(Duration.ofHours(23)))).isTrue();
        // an end claim a PerfGate wrote before claims had a time
        mongo.insert(new Document("_id", system + ":untimed"), Claims.COLLECTION);

        assertThat(claims.prune()).isGreaterThanOrEqualTo(2);

        assertThat(claims.madeAt(mongo, system + ":old")).isEmpty();
        assertThat(claims.take(mongo, system + ":old", now)).as("taken again once removed").isTrue();
        assertThat(mongo.findById(system + ":untimed", Document.class, Claims.COLLECTION))
                .as("an end claim written before claims had a time").isNull();
        assertThat(claims.madeAt(mongo, system + ":recent")).isPresent();
        assertThat(claims.take(mongo, system + ":recent", now)).isFalse();
        assertThat(runs.claimEnd(id, now)).as("the end claim is kept and still decides").isFalse();
    }

    @Test
    void shouldRoundTripResultsExactly() {
        String id = service.create(request("res-1", null), Trigger.API).run().id();
        RequestStats matrix = new RequestStats("GET /api/matrix", 1200, 1195, 5, 0.4166, 2.0, 31.25, 812.0,
                28.0, 33.0, 41.0, 55.0, 120.0, null, 39.9);
        RunResults stored = new RunResults(id, "perfgate-results/v1", "gatling 3.15.1",
                new ResultsDocument.Window(Instant.parse("2026-03-01T10:00:00Z"), Instant.parse("2026-03-01T10:05:00Z"),
                        Instant.parse("2026-03-01T10:00:30Z")), false, matrix, List.of(matrix),
                Map.of("cpu_avg_pct", 51.12), List.of(), Instant.parse("2026-03-01T10:05:01Z"));

        results.save(stored);

        assertThat(results.find(id)).contains(stored);
    }

    @Test
    void shouldSortAndLimitPlainFinds() {
        for (int i = 0; i < 5; i++) {
            mongo.insert(new Document("series", system).append("n", i), "contract");
        }

        List<Document> top = mongo.find(org.springframework.data.mongodb.core.query.Query.query(
                org.springframework.data.mongodb.core.query.Criteria.where("series").is(system))
                .with(org.springframework.data.domain.Sort.by(org.springframework.data.domain.Sort.Direction.DESC, "n"))
                .limit(2), Document.class, "contract");

        assertThat(top).extracting(d -> d.getInteger("n")).containsExactly(4, 3);
    }

    /** Whether this store is FerretDB, which scans a collection for {@code _id: {$in: …}}. */
    abstract boolean scansForIdIn();

    @Test
    void shouldReadDocumentsByIdEachOnceInTheWayTheStoreAnswersFast() {
        IdLookup byIds = new IdLookup();
        List<Document> stored = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            stored.add(mongo.insert(new Document("_id", system + "#" + i).append("n", i).append("other", "x"),
                    "contract_ids"));
        }

        List<Document> some = byIds.find(mongo, List.of(system + "#3", system + "#1", system + "#3", system + "#9"),
                Document.class, "contract_ids", query -> query.fields().include("n"));
        List<Document> leading = byIds.leading(mongo,
                List.of(system + "#0", system + "#1", system + "#2", system + "#7"), "contract_ids");

        assertThat(byIds.oneQueryPerId(mongo)).isEqualTo(scansForIdIn());
        assertThat(some).extracting(d -> d.getInteger("n")).containsExactlyInAnyOrder(3, 1);
        assertThat(some).allSatisfy(d -> assertThat(d).doesNotContainKey("other"));
        assertThat(leading).extracting(d -> d.getInteger("n")).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(byIds.find(mongo, List.of(), Document.class, "contract_ids", query -> {
        })).isEmpty();
    }

    @Test
    void shouldListEveryRunOfASeriesWhenManyAreListedAtOnce() throws Exception {
        // Given 24 ended runs of a series, about to be judged
        JudgedRuns judged = new JudgedRuns(mongo, new IdLookup(), 256);
        Instant t0 = Instant.parse("2026-03-01T10:00:00Z");
        List<Run> ended = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            ended.add(judgedRun("c" + i, t0.plusSeconds(60L * i), RunStatus.COMPLETED, false));
        }
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();

        // When eight callers list them at once, each before its verdict is stored
        concurrently(24, () -> {
            Run run = ended.get(next.getAndIncrement());
            judged.add(run);
            runs.setVerdict(run.id(), new RunVerdict("PASS", "verdict-" + run.runId(), "PASS", run.startedAt()));
            return true;
        });

        // Then each is listed once, none lost, newest first
        Series series = ended.get(0).series();
        assertThat(judged.read(series).version()).isEqualTo(24);
        List<String> newestFirst = new ArrayList<>(ended.stream().map(Run::runId).toList());
        java.util.Collections.reverse(newestFirst);
        assertThat(judged.before(series, t0.plusSeconds(3600), 100)).extracting(Run::runId)
                .containsExactlyElementsOf(newestFirst);
    }

    @Test
    void shouldListEachRunOnceWhenAnotherInstanceListedRunsSinceThisOneLastReadTheSlice() {
        // Given two instances that both read a series' slice (each remembers it), with one run listed
        JudgedRuns here = new JudgedRuns(mongo, new IdLookup(), 256);
        JudgedRuns there = new JudgedRuns(mongo, new IdLookup(), 256);
        Instant t0 = Instant.parse("2026-03-01T10:00:00Z");
        Run first = judgedRun("i1", t0, RunStatus.COMPLETED, true);
        here.add(first);
        Series series = first.series();
        here.read(series);
        there.read(series);

        // When the other instance lists two runs, and then this one lists the second of them again and a third
        Run second = judgedRun("i2", t0.plusSeconds(60), RunStatus.COMPLETED, true);
        Run third = judgedRun("i3", t0.plusSeconds(120), RunStatus.COMPLETED, true);
        there.add(second);
        there.add(judgedRun("i4", t0.plusSeconds(90), RunStatus.COMPLETED, true));
        here.add(second);
        here.add(third);

        // Then every run is listed once, each in the log
        assertThat(here.read(series).version()).isEqualTo(4);
        assertThat(there.before(series, t0.plusSeconds(3600), 100)).extracting(Run::runId)
                .containsExactly("i3", "i4", "i2", "i1");
        assertThat(here.before(series, t0.plusSeconds(3600), 100)).extracting(Run::runId)
                .containsExactly("i3", "i4", "i2", "i1");
    }

    @Test
    void shouldFindTheSameJudgedRunsAsAScanOfTheRuns() {
        // Given a series with runs judged before its slice existed, ties on the start, invalid, unjudged and running
        // runs, and a slice that keeps 6 runs
        JudgedRuns judged = new JudgedRuns(mongo, new IdLookup(), 6);
        Instant t0 = Instant.parse("2026-03-01T10:00:00Z");
        List<Run> all = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            all.add(judgedRun("old" + i, t0.plusSeconds(60L * (i / 2)), RunStatus.COMPLETED, true));
        }
        Series series = all.get(0).series();
        assertThat(judged.listSeriesWithoutSlice()).isPositive(); // the slice is built from these, as at a start
        for (int i = 0; i < 14; i++) {
            RunStatus status = i % 5 == 3 ? RunStatus.INVALID : RunStatus.COMPLETED;
            Run run = judgedRun("new" + i, t0.plusSeconds(600 + 60L * (i / 3)), status, i % 7 != 4);
            all.add(run);
            if (i % 7 != 4) {
                judged.add(run);
            }
        }
        service.create(request("running", t0.plusSeconds(5000)), Trigger.API);

        // When the runs before each start are read, with several limits
        for (Run run : all) {
            for (int limit : new int[] {1, 3, 5, 20}) {
                Instant before = run.startedAt().plusMillis(1);
                // Then the slice answers exactly as a scan of the runs would
                assertThat(judged.before(series, before, limit)).as("before %s, limit %d", before, limit)
                        .extracting(Run::id).containsExactlyElementsOf(judged.scan(series, before, limit).stream()
                                .map(Run::id).toList());
            }
        }
    }

    @Test
    void shouldListTheRunsJudgedBeforeSlicesExistedInOneScanThenStartNewSeriesWithoutOne() {
        // Given two series whose runs were judged before their slices existed (not listed), and a store marked listed
        AtomicInteger scans = new AtomicInteger();
        JudgedRuns judged = new JudgedRuns(mongo, new IdLookup(), 256) {
            @Override
            List<Entry> judgedOf(Series series) {
                scans.incrementAndGet();
                return super.judgedOf(series);
            }
        };
        Instant t0 = Instant.parse("2026-03-01T10:00:00Z");
        Run a1 = judgedRun("a1", t0, RunStatus.COMPLETED, true);
        Run a2 = judgedRun("a2", t0.plusSeconds(60), RunStatus.COMPLETED, true);
        String other = system;
        system = system + "-b";
        Run b1 = judgedRun("b1", t0, RunStatus.COMPLETED, true);
        service.create(request("b-running", t0.plusSeconds(60)), Trigger.API);

        // When a start lists them (one scan of the judged runs), twice
        int first = judged.listSeriesWithoutSlice();
        int again = judged.listSeriesWithoutSlice();

        // Then both series have their slices, each written once, and reading them scans nothing
        assertThat(first).isGreaterThanOrEqualTo(2);
        assertThat(again).isZero();
        assertThat(judged.before(a1.series(), t0.plusSeconds(3600), 10)).extracting(Run::id).containsExactly(a2.id(), a1.id());
        assertThat(judged.before(b1.series(), t0.plusSeconds(3600), 10)).extracting(Run::id).containsExactly(b1.id());
        assertThat(a1.series().system()).isEqualTo(other);

        // And a new series, in a store marked listed, starts from an empty slice: its runs are listed as they are
        // judged, without a scan of the runs
        system = system + "-new";
        Run n1 = judgedRun("n1", t0, RunStatus.COMPLETED, false);
        judged.add(n1);
        runs.setVerdict(n1.id(), new RunVerdict("PASS", "verdict-n1", "PASS", t0.plusSeconds(31)));
        Run n2 = judgedRun("n2", t0.plusSeconds(60), RunStatus.COMPLETED, false);
        judged.add(n2);
        runs.setVerdict(n2.id(), new RunVerdict("PASS", "verdict-n2", "PASS", t0.plusSeconds(91)));
        assertThat(judged.before(n1.series(), t0.plusSeconds(3600), 10)).extracting(Run::id).containsExactly(n2.id(), n1.id());
        assertThat(scans).hasValue(0);
        assertThat(mongo.findById(JudgedRuns.EVERY_RUN_LISTED, Document.class, JudgedRuns.COLLECTION)).isNotNull();
    }

    /** An ended run with a verdict pointer (or none), made in the store directly: no judging runs. */
    private Run judgedRun(String runId, Instant startedAt, RunStatus status, boolean withVerdict) {
        Run run = service.create(request(runId, startedAt), Trigger.API).run();
        runs.markEnded(run.id(), status, startedAt.plusSeconds(30), null);
        if (withVerdict) {
            runs.setVerdict(run.id(), new RunVerdict("PASS", "verdict-" + runId, "PASS", startedAt.plusSeconds(31)));
        }
        return runs.findById(run.id()).orElseThrow();
    }

    private CreateRunRequest request(String runId, Instant startedAt) {
        return new CreateRunRequest(system, "peak", "test", runId, null, null, null, null, null, null, null, null,
                null, startedAt);
    }

    private static <T> List<T> concurrently(int calls, Callable<T> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<T>> tasks = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                tasks.add(call);
            }
            List<T> out = new ArrayList<>();
            for (Future<T> f : pool.invokeAll(tasks)) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdown();
        }
    }
}

package dev.perfgate.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import dev.perfgate.client.api.Retry;
import dev.perfgate.ops.CiWorkload;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * N concurrent CI clients against a running PerfGate: each creates a run, posts results with 20 requests, ends it
 * and waits for the verdict ({@code ?wait=}), all at once. Prints each round's time, p50/p99/max per call, "end →
 * verdict" (from sending end to holding the verdict), "results → verdict" (what a pipeline waits for after its load
 * test), "create → verdict" (all PerfGate adds to a pipeline) and the errors. Results-only checks: {@code -DchecksDir} (the server's
 * checks directory) gets a bench definition written when given.
 *
 * <pre>java -cp bench/target/perfgate-bench.jar dev.perfgate.bench.GateLoadBench
 *     -Durl=http://127.0.0.1:PORT -Dtoken=ADMIN_TOKEN -Dclients=200 -Dseries=200 -DchecksDir=/path/to/checks</pre>
 */
public final class GateLoadBench {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String SYSTEM = System.getProperty("system", "bench");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
            .executor(Executors.newFixedThreadPool(64)).build();
    private final String url;
    private final String token;
    final Map<String, List<Long>> timings = new ConcurrentHashMap<>();
    final Map<String, AtomicInteger> errors = new ConcurrentHashMap<>();
    /** Answers a client retried (502/503/504, as the CLI does): not errors unless the last attempt failed too. */
    final Map<String, AtomicInteger> retried = new ConcurrentHashMap<>();
    /**
     * This round's verdicts as {when the end was sent, ns since the round began; end → verdict ns; end's answer ns;
     * ms from sending the end to the server's endedAt; to the verdict's evaluatedAt (when its judging began)}.
     */
    private final List<long[]> roundVerdicts = Collections.synchronizedList(new ArrayList<>());
    private volatile long roundBegan;
    private volatile Instant roundBeganAt;

    GateLoadBench(String url, String token) {
        this.url = url;
        this.token = token;
    }

    public static void main(String[] args) throws Exception {
        String url = System.getProperty("url", "http://127.0.0.1:8080");
        String token = System.getProperty("token", System.getenv().getOrDefault("PERFGATE_TOKEN", ""));
        int clients = Integer.getInteger("clients", 50);
        int series = Integer.getInteger("series", clients);
        int rounds = Integer.getInteger("rounds", 1);
        GateLoadBench bench = new GateLoadBench(url, token);
        String checksDir = System.getProperty("checksDir");
        if (checksDir != null) {
            bench.writeChecks(Path.of(checksDir));
        }
        bench.round(Math.min(clients, 10), series, "warmup");
        bench.timings.clear();
        bench.errors.clear();
        bench.retried.clear();
        for (int round = 1; round <= rounds; round++) {
            bench.round(clients, series, "r" + round + "-");
        }
        System.out.printf("%d clients, %d series, %d round(s) against %s%n", clients, series, rounds, url);
        bench.print();
        System.exit(0);
    }

    void writeChecks(Path dir) throws IOException, InterruptedException {
        Files.writeString(dir.resolve(SYSTEM + ".yaml"), CiWorkload.definition(SYSTEM));
        for (int i = 0; i < 100; i++) {
            JsonNode states = send("checks", get("/api/v1/checks"));
            if (states != null && states.toString().contains("\"" + SYSTEM + ".yaml\"")) {
                timings.remove("checks");
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the server did not load " + dir.resolve(SYSTEM + ".yaml"));
    }

    private void round(int clients, int series, String prefix) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(clients);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        String tag = Long.toString(System.nanoTime(), 36);
        for (int i = 0; i < clients; i++) {
            int n = i;
            pool.submit(() -> {
                try {
                    start.await();
                    client("s" + (n % series), prefix + tag + "-" + n);
                } catch (Exception e) {
                    errors.computeIfAbsent("client: " + e.getClass().getSimpleName(), k -> new AtomicInteger()).incrementAndGet();
                } finally {
                    done.countDown();
                }
            });
        }
        int before = timings.getOrDefault("end → verdict", List.of()).size();
        roundVerdicts.clear();
        long began = System.nanoTime();
        roundBegan = began;
        roundBeganAt = Instant.now();
        start.countDown();
        done.await();
        pool.shutdown();
        double seconds = (System.nanoTime() - began) / 1e9;
        List<Long> verdicts = new ArrayList<>(timings.getOrDefault("end → verdict", List.of()));
        verdicts = new ArrayList<>(verdicts.subList(Math.min(before, verdicts.size()), verdicts.size()));
        Collections.sort(verdicts);
        System.out.printf("round %s: %d clients in %.1f s (%.1f runs judged a second)%s%n", prefix, clients, seconds,
                clients / seconds, verdicts.isEmpty() ? "" : ", end → verdict p50 / p99 %.0f / %.0f ms".formatted(
                        percentile(verdicts, 50), percentile(verdicts, 99)));
        printSlowest(seconds);
    }

    /**
     * The round's three slowest verdicts and when in the round their runs ended, beside the span of the ends: slow
     * verdicts at the round's start point at what a first burst pays (the JIT, new series), spread ones at pauses.
     */
    private void printSlowest(double seconds) {
        List<long[]> all = new ArrayList<>(roundVerdicts);
        if (all.isEmpty()) {
            return;
        }
        long firstEnd = all.stream().mapToLong(v -> v[0]).min().orElseThrow();
        long lastEnd = all.stream().mapToLong(v -> v[0]).max().orElseThrow();
        all.sort((a, b) -> Long.compare(b[1], a[1]));
        StringBuilder line = new StringBuilder("  slowest end → verdict:");
        for (long[] v : all.subList(0, Math.min(3, all.size()))) {
            line.append(String.format(" %.0f ms (ended at %.1f s)", v[1] / 1e6, v[0] / 1e9));
        }
        long fifth = firstEnd + (lastEnd - firstEnd) / 5;
        List<Long> early = new ArrayList<>();
        List<Long> later = new ArrayList<>();
        all.forEach(v -> (v[0] <= fifth ? early : later).add(v[1]));
        Collections.sort(early);
        Collections.sort(later);
        System.out.println(line.append(String.format("; ends from %.1f to %.1f s of %.1f s", firstEnd / 1e9, lastEnd / 1e9,
                seconds)));
        int firstN = Integer.getInteger("timeline", 0);
        if (firstN > 0) {
            System.out.println("  the round began at " + roundBeganAt);
            List<long[]> byEnd = new ArrayList<>(all);
            byEnd.sort((a, b) -> Long.compare(a[0], b[0]));
            StringBuilder timeline = new StringBuilder(
                    "  the first ends, at s: ms (end answered / server's endedAt / judging began, ms after the end was sent)");
            byEnd.subList(0, Math.min(firstN, byEnd.size())).forEach(v -> timeline.append(String.format(
                    " %.2f:%.0f (%.0f/%d/%d)", v[0] / 1e9, v[1] / 1e6, v[2] / 1e6, v[3], v[4])));
            System.out.println(timeline);
        }
        System.out.printf("  p99 of the runs that ended in the first fifth of that span: %s (%d), after it: %s (%d)%n",
                early.isEmpty() ? "-" : "%.0f ms".formatted(percentile(early, 99)), early.size(),
                later.isEmpty() ? "-" : "%.0f ms".formatted(percentile(later, 99)), later.size());
    }

    void client(String environment, String runId) throws IOException, InterruptedException {
        long began = System.nanoTime();
        JsonNode run = send("create", post("/api/v1/runs", """
                {"system":"%s","workload":"ci","environment":"%s","runId":"%s"}""".formatted(SYSTEM, environment, runId)));
        if (run == null) {
            return;
        }
        String id = run.path("id").asString();
        long loadTestDone = System.nanoTime();
        if (send("results", post("/api/v1/runs/" + id + "/results", CiWorkload.results())) == null) {
            return;
        }
        long ended = System.nanoTime();
        Instant endSent = Instant.now();
        JsonNode endedRun = send("end", post("/api/v1/runs/" + id + "/end", "{}"));
        if (endedRun == null) {
            return;
        }
        long endAnswered = System.nanoTime();
        JsonNode verdict = send("verdict?wait=60", get("/api/v1/runs/" + id + "/verdict?wait=60"));
        if (verdict != null && !"PENDING".equals(verdict.path("status").asString())) {
            long now = System.nanoTime();
            record("end → verdict", now - ended);
            roundVerdicts.add(new long[] {ended - roundBegan, now - ended, endAnswered - ended,
                    millisBetween(endSent, endedRun.path("endedAt").asString()),
                    millisBetween(endSent, verdict.path("evaluatedAt").asString())});
            record("results → verdict", now - loadTestDone);
            record("create → verdict", now - began);
        } else if (verdict != null) {
            errors.computeIfAbsent("verdict still pending after 60 s", k -> new AtomicInteger()).incrementAndGet();
        }
    }

    /** Milliseconds from {@code from} to the server's time stamp {@code at} (ISO-8601), -1 when there is none. */
    private static long millisBetween(Instant from, String at) {
        try {
            return Duration.between(from, Instant.parse(at)).toMillis();
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(120));
        return token.isEmpty() ? builder : builder.header("Authorization", "Bearer " + token);
    }

    private HttpRequest get(String path) {
        return request(path).GET().build();
    }

    private HttpRequest post(String path, String json) {
        return request(path).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build();
    }

    /**
     * Sends a call as the CLI does: a 502/503/504 is retried after its Retry-After (else the backoff) up to
     * {@link Retry#DEFAULT}'s attempts, each such answer counted as retried. Times the call with its retries (what a
     * pipeline waits), counts what still fails, a non-2xx answer or an I/O failure, as an error of the call; null then.
     */
    private JsonNode send(String call, HttpRequest request) throws InterruptedException {
        long start = System.nanoTime();
        for (int attempt = 1;; attempt++) {
            try {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                if (Retry.retryable(response.statusCode()) && attempt < Retry.DEFAULT.maxAttempts()) {
                    retried.computeIfAbsent(call + ": HTTP " + response.statusCode(), k -> new AtomicInteger())
                            .incrementAndGet();
                    Duration wait = Retry.DEFAULT.delayBefore(attempt + 1, Retry.retryAfter(
                            response.headers().firstValue("Retry-After").orElse(null), Instant.now()));
                    Thread.sleep(wait.toMillis());
                    continue;
                }
                record(call, System.nanoTime() - start);
                if (response.statusCode() / 100 != 2) {
                    errors.computeIfAbsent(call + ": HTTP " + response.statusCode(), k -> new AtomicInteger())
                            .incrementAndGet();
                    return null;
                }
                return response.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(response.body());
            } catch (IOException e) {
                errors.computeIfAbsent(call + ": " + e.getClass().getSimpleName(), k -> new AtomicInteger())
                        .incrementAndGet();
                return null;
            }
        }
    }

    private void record(String call, long nanos) {
        timings.computeIfAbsent(call, k -> Collections.synchronizedList(new ArrayList<>())).add(nanos);
    }

    void print() {
        System.out.printf("%-18s %7s %9s %9s %9s%n", "call", "count", "p50 ms", "p99 ms", "max ms");
        for (String call : List.of("create", "results", "end", "verdict?wait=60", "end → verdict", "results → verdict",
                "create → verdict")) {
            List<Long> times = new ArrayList<>(timings.getOrDefault(call, List.of()));
            if (times.isEmpty()) {
                continue;
            }
            Collections.sort(times);
            System.out.printf("%-18s %7d %9.1f %9.1f %9.1f%n", call, times.size(), percentile(times, 50),
                    percentile(times, 99), times.get(times.size() - 1) / 1e6);
        }
        int total = errors.values().stream().mapToInt(AtomicInteger::get).sum();
        int again = retried.values().stream().mapToInt(AtomicInteger::get).sum();
        System.out.println("answers retried: " + again + (again == 0 ? "" : " " + new TreeMap<>(retried)));
        System.out.println("errors: " + total + (total == 0 ? "" : " " + new TreeMap<>(errors)));
    }

    private static double percentile(List<Long> sorted, int p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, index)) / 1e6;
    }
}

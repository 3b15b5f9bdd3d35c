package dev.perfgate.bench;

import dev.perfgate.profile.FlamebearerDecoder;
import dev.perfgate.profile.FunctionChange;
import dev.perfgate.profile.MalformedProfileException;
import dev.perfgate.profile.Profile;
import dev.perfgate.profile.ProfileDiff;
import dev.perfgate.profile.ProfileFetch;
import dev.perfgate.profile.ProfileSelection;
import dev.perfgate.profile.ProfileType;
import dev.perfgate.profile.PyroscopeClient;
import dev.perfgate.profile.PyroscopeTarget;
import dev.perfgate.profile.TimeWindow;
import dev.perfgate.profile.Workload;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import java.util.UUID;

/**
 * Times PerfGate's decode + diff of a large synthetic profile pair against Pyroscope's own {@code /render-diff} of the
 * same pair ingested into a real Pyroscope OSS server; without a reachable server only PerfGate's timing is printed.
 *
 * <p>Knobs (system properties): {@code stacks} (100000 unique stacks per profile), {@code reps} / {@code warmup}
 * (10 / 3 for local timings), {@code serverReps} / {@code serverWarmup} (5 / 1 for timings that involve the server),
 * {@code maxNodes} (65536, PerfGate's default: asked from both {@code /render} and {@code /render-diff}),
 * {@code ingestMinutes} (10), {@code url} (default: environment variable {@code PERFGATE_TEST_PYROSCOPE_URL}).
 */
public final class ProfileDiffBench {

    private static final int STACKS = Integer.getInteger("stacks", 100_000);
    private static final int REPS = Integer.getInteger("reps", 10);
    private static final int WARMUP = Integer.getInteger("warmup", 3);
    private static final int SERVER_REPS = Integer.getInteger("serverReps", 5);
    private static final int SERVER_WARMUP = Integer.getInteger("serverWarmup", 1);
    private static final int MAX_NODES = Integer.getInteger("maxNodes", PyroscopeTarget.DEFAULT_MAX_NODES);
    private static final Duration INGEST_DEADLINE = Duration.ofMinutes(Integer.getInteger("ingestMinutes", 10));

    private ProfileDiffBench() {
    }

    public static void main(String[] args) throws Exception {
        SyntheticProfiles pair = new SyntheticProfiles(STACKS, 42);
        String baselineJson = FlamebearerEncoder.encode(pair.baseline, 100);
        String runJson = FlamebearerEncoder.encode(pair.run, 100);
        byte[] baselineBytes = baselineJson.getBytes(StandardCharsets.UTF_8);
        byte[] runBytes = runJson.getBytes(StandardCharsets.UTF_8);
        Profile sample = FlamebearerDecoder.decode(runBytes);
        System.out.printf(Locale.US, "synthetic pair: %,d + %,d unique stacks, %,d + %,d tree nodes, %.1f + %.1f MB of "
                        + "flamebearer JSON%n", pair.baseline.size(), pair.run.size(),
                FlamebearerDecoder.decode(baselineBytes).nodeCount(), sample.nodeCount(),
                baselineBytes.length / 1e6, runBytes.length / 1e6);

        double local = medianMillis(WARMUP, REPS, () -> decodeAndDiff(baselineBytes, runBytes));
        System.out.printf(Locale.US, "PerfGate decode+diff (local JSON):              %8.1f ms  (median of %d)%n",
                local, REPS);
        System.out.println("  top change: " + decodeAndDiff(baselineBytes, runBytes));

        String url = System.getProperty("url", System.getenv("PERFGATE_TEST_PYROSCOPE_URL"));
        PyroscopeBenchServer server = url == null ? null : new PyroscopeBenchServer(url);
        if (server == null || !server.isReachable()) {
            System.out.println("Pyroscope server " + (url == null ? "not configured (set PERFGATE_TEST_PYROSCOPE_URL "
                    + "or -Durl=…)" : "at " + url + " not reachable") + ": only PerfGate's timing is printed");
            return;
        }
        compareWithServer(server, url, pair);
    }

    private static void compareWithServer(PyroscopeBenchServer server, String url, SyntheticProfiles pair)
            throws Exception {
        String app = "perfgate-bench-" + UUID.randomUUID().toString().substring(0, 8);
        Instant start = Instant.ofEpochSecond(Instant.now().minusSeconds(600).getEpochSecond() / 10 * 10);
        TimeWindow baseWindow = TimeWindow.of(start, start.plusSeconds(10));
        TimeWindow runWindow = TimeWindow.of(start.plusSeconds(60), start.plusSeconds(70));
        long ingestStart = System.nanoTime();
        server.ingest(app + ".cpu{run_id=base}", baseWindow.from(), baseWindow.until(), pair.baseline);
        server.ingest(app + ".cpu{run_id=run}", runWindow.from(), runWindow.until(), pair.run);
        PyroscopeTarget target = PyroscopeTarget.classic(url, app).withProfileName(ProfileType.CPU, "cpu")
                .withMaxNodes(MAX_NODES);
        ProfileSelection base = ProfileSelection.of(baseWindow).withLabel("run_id", "base");
        ProfileSelection run = ProfileSelection.of(runWindow).withLabel("run_id", "run");
        PyroscopeClient client = new PyroscopeClient(Duration.ofSeconds(3), Duration.ofMinutes(2));
        awaitIngested(server, target.query(ProfileType.CPU, base), target.queried(baseWindow), total(pair.baseline));
        awaitIngested(server, target.query(ProfileType.CPU, run), target.queried(runWindow), total(pair.run));
        System.out.printf(Locale.US, "ingested into %s as %s.cpu in %.1f s%n", url, app,
                (System.nanoTime() - ingestStart) / 1e9);

        try {
            timeAgainstServer(server, client, target, pair, base, run);
        } catch (IOException e) {
            System.out.println("Pyroscope did not answer for max-nodes " + MAX_NODES + " (" + e.getMessage() + "): "
                    + "its flamegraph truncation costs O(nodes × max-nodes) and it drops a response after 60 s; "
                    + "rerun with a lower -DmaxNodes");
        }
    }

    private static void timeAgainstServer(PyroscopeBenchServer server, PyroscopeClient client, PyroscopeTarget target,
                                          SyntheticProfiles pair, ProfileSelection base, ProfileSelection run)
            throws Exception {
        TimeWindow left = target.queried(base.window());
        TimeWindow right = target.queried(run.window());
        String leftQuery = target.query(ProfileType.CPU, base);
        String rightQuery = target.query(ProfileType.CPU, run);
        byte[] serverBaseline = server.render(leftQuery, left.from(), left.until(), MAX_NODES);
        byte[] serverRun = server.render(rightQuery, right.from(), right.until(), MAX_NODES);
        byte[] diffBody = server.renderDiff(leftQuery, rightQuery, left.from(), left.until(), right.from(),
                right.until(), MAX_NODES);
        System.out.printf(Locale.US, "server JSON: /render %.1f + %.1f MB (%,d + %,d nodes), /render-diff %.1f MB%n",
                serverBaseline.length / 1e6, serverRun.length / 1e6,
                FlamebearerDecoder.decode(serverBaseline).nodeCount(), FlamebearerDecoder.decode(serverRun).nodeCount(),
                diffBody.length / 1e6);
        if (FlamebearerDecoder.decode(serverRun).nodeCount() < nodeCount(pair)) {
            System.out.println("  the server's trees are truncated: by max-nodes at render time, or already at ingestion "
                    + "(Pyroscope's --max-nodes-serialization, 2048 by default; give it 10000000 to keep full trees)");
        }

        double decodeDiff = medianMillis(WARMUP, REPS, () -> decodeAndDiff(serverBaseline, serverRun));
        System.out.printf(Locale.US, "PerfGate decode+diff (server JSON):             %8.1f ms  (median of %d)%n",
                decodeDiff, REPS);
        System.out.printf(Locale.US, "server-side timings below: median of %d, max-nodes %d%n", SERVER_REPS, MAX_NODES);
        double renders = medianMillis(SERVER_WARMUP, SERVER_REPS, () ->
                server.render(leftQuery, left.from(), left.until(), MAX_NODES).length
                        + server.render(rightQuery, right.from(), right.until(), MAX_NODES).length);
        System.out.printf(Locale.US, "Pyroscope 2 × /render (HTTP, body read):        %8.1f ms%n", renders);
        double endToEnd = medianMillis(SERVER_WARMUP, SERVER_REPS, () -> fetchDecodeAndDiff(client, target, base, run));
        System.out.printf(Locale.US, "PerfGate 2 × /render + decode + diff:           %8.1f ms%n", endToEnd);
        double renderDiff = medianMillis(SERVER_WARMUP, SERVER_REPS, () -> server.renderDiff(leftQuery, rightQuery,
                left.from(), left.until(), right.from(), right.until(), MAX_NODES).length);
        System.out.printf(Locale.US, "Pyroscope /render-diff (HTTP, body read):       %8.1f ms%n", renderDiff);
        System.out.printf(Locale.US, "ratio decode+diff / render-diff:                %8.2f%n", decodeDiff / renderDiff);
        System.out.printf(Locale.US, "ratio (fetch+decode+diff) / render-diff:        %8.2f%n", endToEnd / renderDiff);
    }

    private static String decodeAndDiff(byte[] baseline, byte[] run) throws MalformedProfileException {
        Workload load = Workload.of(Duration.ofSeconds(10), 10_000);
        ProfileDiff diff = ProfileDiff.between(FlamebearerDecoder.decode(baseline), load,
                FlamebearerDecoder.decode(run), load);
        FunctionChange top = diff.changes().get(0);
        return top.name() + " " + String.format(Locale.US, "%+.1f points", top.selfShareDelta());
    }

    private static String fetchDecodeAndDiff(PyroscopeClient client, PyroscopeTarget target, ProfileSelection base,
                                             ProfileSelection run) {
        ProfileFetch before = client.fetch(target, ProfileType.CPU, base);
        ProfileFetch after = client.fetch(target, ProfileType.CPU, run);
        if (!(before instanceof ProfileFetch.Ok b) || !(after instanceof ProfileFetch.Ok a)) {
            throw new IllegalStateException(before.reason() + " / " + after.reason());
        }
        Workload load = Workload.of(Duration.ofSeconds(10), 10_000);
        return ProfileDiff.between(b.profile(), load, a.profile(), load).changes().get(0).name();
    }

    /** Polls with max-nodes=1, which is cheap to render, until all samples are queryable. */
    private static void awaitIngested(PyroscopeBenchServer server, String query, TimeWindow window, long numTicks)
            throws Exception {
        Instant deadline = Instant.now().plus(INGEST_DEADLINE);
        while (Instant.now().isBefore(deadline)) {
            if (FlamebearerDecoder.decode(server.render(query, window.from(), window.until(), 1)).numTicks() == numTicks) {
                return;
            }
            Thread.sleep(1_000);
        }
        throw new IllegalStateException(query + " never reached " + numTicks + " samples within " + INGEST_DEADLINE);
    }

    private static int nodeCount(SyntheticProfiles pair) throws MalformedProfileException {
        return FlamebearerDecoder.decode(FlamebearerEncoder.encode(pair.run, 100)).nodeCount();
    }

    private static long total(java.util.Map<String, Long> stacks) {
        return stacks.values().stream().mapToLong(Long::longValue).sum();
    }

    /** A timed action; its result is kept alive so the JIT cannot drop the work. */
    interface Action {
        Object run() throws Exception;
    }

    private static double medianMillis(int warmup, int reps, Action action) throws Exception {
        int sink = 0;
        for (int i = 0; i < warmup; i++) {
            sink += action.run().hashCode();
        }
        double[] millis = new double[reps];
        for (int i = 0; i < reps; i++) {
            long begin = System.nanoTime();
            sink += action.run().hashCode();
            millis[i] = (System.nanoTime() - begin) / 1e6;
        }
        if (sink == 42) {
            System.out.print("");
        }
        Arrays.sort(millis);
        return reps % 2 == 1 ? millis[reps / 2] : (millis[reps / 2 - 1] + millis[reps / 2]) / 2;
    }
}

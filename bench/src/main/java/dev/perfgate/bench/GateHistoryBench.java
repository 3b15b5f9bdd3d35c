package dev.perfgate.bench;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Sorts;
import org.bson.Document;
import org.bson.types.ObjectId;

/**
 * End → verdict against the size of a series' history: one series is filled to 100, 1,000, 10,000 and 100,000 runs
 * (-Dsizes) and at each size {@code -Dsamples} runs are created, get results, are ended and waited for one after the
 * other (the CI client of {@link GateLoadBench}), timing end → verdict. Prints p50/p99/max per size and the ratio to
 * the first size.
 *
 * <p>The first size's runs are judged through the API (create, results, end, verdict). Past that the history is
 * bulk-inserted straight into the store (-Dstore, the server's MongoDB URI; the embedded store's port is in the
 * server's log): copies of the newest judged run's run, results and verdict documents, each with its own ids and an
 * earlier start than every run before it, so the newest runs (the ones a verdict's baselines read) stay the judged
 * ones and the older history grows.
 *
 * <pre>java -Durl=http://127.0.0.1:PORT -Dtoken=ADMIN_TOKEN -DchecksDir=/path/to/checks
 *     -Dstore=mongodb://127.0.0.1:STOREPORT/perfgate -cp bench/target/perfgate-bench.jar dev.perfgate.bench.GateHistoryBench</pre>
 */
public final class GateHistoryBench {

    private static final String SYSTEM = System.getProperty("system", "bench");
    private static final String WORKLOAD = "ci";
    private static final String ENVIRONMENT = "history";
    private static final int BATCH = 1_000;

    public static void main(String[] args) throws Exception {
        int status = 0;
        try {
            run();
        } catch (Exception | Error e) {
            e.printStackTrace();
            status = 1;
        }
        System.exit(status); // the HTTP client's threads would keep the process alive
    }

    private static void run() throws Exception {
        String url = System.getProperty("url", "http://127.0.0.1:8080");
        String token = System.getProperty("token", System.getenv().getOrDefault("PERFGATE_TOKEN", ""));
        String store = System.getProperty("store", "mongodb://127.0.0.1:27017/perfgate");
        int samples = Integer.getInteger("samples", 30);
        List<Integer> sizes = new ArrayList<>();
        for (String size : System.getProperty("sizes", "100,1000,10000,100000").split(",")) {
            sizes.add(Integer.parseInt(size.trim()));
        }
        GateLoadBench client = new GateLoadBench(url, token);
        String checksDir = System.getProperty("checksDir");
        if (checksDir != null) {
            client.writeChecks(Path.of(checksDir));
        }
        Map<Integer, double[]> measured = new LinkedHashMap<>();
        try (MongoClient mongo = MongoClients.create(store)) {
            MongoDatabase db = mongo.getDatabase(new com.mongodb.ConnectionString(store).getDatabase() == null
                    ? "perfgate" : new com.mongodb.ConnectionString(store).getDatabase());
            String tag = Long.toString(System.nanoTime(), 36);
            int judged = 0;
            // counted once: a count with a filter scans every run on the embedded store (minutes at 100,000 runs)
            long have = db.getCollection("runs").countDocuments(series());
            for (int size : sizes) {
                if (have == 0) {
                    long t0 = System.nanoTime();
                    for (; judged < size; judged++) {
                        client.client(ENVIRONMENT, "fill-" + tag + "-" + judged);
                    }
                    System.out.printf("filled %,d runs through the API in %.1f s%n", size, (System.nanoTime() - t0) / 1e9);
                    have = size;
                } else if (have < size) {
                    long t0 = System.nanoTime();
                    copy(db, (int) (size - have));
                    System.out.printf("inserted %,d runs (run, results, verdict) into the store in %.1f s%n", size - have,
                            (System.nanoTime() - t0) / 1e9);
                    have = size;
                }
                client.timings.clear();
                client.errors.clear();
                for (int i = 0; i < samples; i++) {
                    client.client(ENVIRONMENT, "s" + size + "-" + tag + "-" + i);
                    int failed = client.errors.values().stream().mapToInt(java.util.concurrent.atomic.AtomicInteger::get).sum();
                    if (failed >= 3) {
                        System.out.printf("history of %,d runs: gave up after %d samples, %d of them failed%n", size, i + 1, failed);
                        break;
                    }
                }
                List<Long> times = new ArrayList<>(client.timings.getOrDefault("end → verdict", List.of()));
                Collections.sort(times);
                have += times.size() + client.errors.values().stream().mapToInt(java.util.concurrent.atomic.AtomicInteger::get).sum();
                System.out.printf("history of %,d runs (%,d after the samples), load %s:%n", size, have, load());
                client.print();
                if (!times.isEmpty()) {
                    measured.put(size, new double[] {percentile(times, 50), percentile(times, 99), times.get(times.size() - 1) / 1e6});
                }
            }
        }
        System.out.printf("%n%-14s %9s %9s %9s %12s %12s%n", "history runs", "p50 ms", "p99 ms", "max ms", "p50 ratio", "p99 ratio");
        double[] first = measured.values().iterator().next();
        measured.forEach((size, t) -> System.out.printf("%,14d %9.1f %9.1f %9.1f %12.2f %12.2f%n", size, t[0], t[1], t[2],
                t[0] / first[0], t[1] / first[1]));
    }

    private static Document series() {
        return new Document("system", SYSTEM).append("workload", WORKLOAD).append("environment", ENVIRONMENT);
    }

    /** Inserts {@code count} copies of the newest judged run of the series, each older than every run so far. */
    private static void copy(MongoDatabase db, int count) {
        MongoCollection<Document> runs = db.getCollection("runs");
        MongoCollection<Document> verdicts = db.getCollection("verdicts");
        MongoCollection<Document> results = db.getCollection("results");
        Document template = runs.find(Filters.and(series(), Filters.eq("status", "COMPLETED"),
                Filters.exists("verdict.verdictId"))).sort(Sorts.descending("startedAt")).first();
        Document oldest = runs.find(series()).sort(Sorts.ascending("startedAt")).first();
        if (template == null || oldest == null) {
            throw new IllegalStateException("no judged run in the series to copy");
        }
        // Spring Data stores an id that is an ObjectId's hex string as an ObjectId: the copies' ids keep the type
        String templateVerdictId = template.get("verdict", Document.class).getString("verdictId");
        Document verdict = verdicts.find(Filters.or(Filters.eq("_id", templateVerdictId),
                Filters.eq("_id", ObjectId.isValid(templateVerdictId) ? new ObjectId(templateVerdictId) : templateVerdictId))).first();
        Document result = results.find(Filters.eq("_id", template.get("_id"))).first();
        Instant start = oldest.getDate("startedAt").toInstant();
        InsertManyOptions unordered = new InsertManyOptions().ordered(false);
        for (int done = 0; done < count; ) {
            List<Document> runBatch = new ArrayList<>();
            List<Document> verdictBatch = new ArrayList<>();
            List<Document> resultBatch = new ArrayList<>();
            for (int i = 0; i < BATCH && done < count; i++, done++) {
                start = start.minus(10, ChronoUnit.MINUTES);
                ObjectId runOid = new ObjectId();
                ObjectId verdictOid = new ObjectId();
                String runId = runOid.toHexString();
                String verdictId = verdictOid.toHexString();
                Document run = new Document(template);
                run.put("_id", runOid);
                run.put("runId", "h-" + runId);
                run.put("startedAt", Date.from(start));
                run.put("endedAt", Date.from(start.plus(5, ChronoUnit.MINUTES)));
                run.put("createdAt", Date.from(start));
                Document runVerdict = new Document(template.get("verdict", Document.class));
                runVerdict.put("verdictId", verdictId);
                run.put("verdict", runVerdict);
                runBatch.add(run);
                if (verdict != null) {
                    Document v = new Document(verdict);
                    v.put("_id", verdictOid);
                    v.put("runId", runId);
                    verdictBatch.add(v);
                }
                if (result != null) {
                    Document r = new Document(result);
                    r.put("_id", runOid);
                    resultBatch.add(r);
                }
            }
            runs.insertMany(runBatch, unordered);
            if (!verdictBatch.isEmpty()) {
                verdicts.insertMany(verdictBatch, unordered);
            }
            if (!resultBatch.isEmpty()) {
                results.insertMany(resultBatch, unordered);
            }
        }
    }

    private static String load() {
        try {
            String[] parts = java.nio.file.Files.readString(Path.of("/proc/loadavg")).split(" ");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    private static double percentile(List<Long> sorted, int p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, index)) / 1e6;
    }
}

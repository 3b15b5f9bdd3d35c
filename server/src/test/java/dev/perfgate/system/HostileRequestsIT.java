package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfgate.check.ChecksDir;
import dev.perfgate.check.GateDefinitions;

/**
 * Fuzzing the API: a seeded generator sends well over 1,000 hostile requests (malformed JSON, extreme and non-finite
 * numbers, huge strings, control characters, wrong types, impossible dates, out-of-range parameters) to the runs,
 * results, verdict, annotations and alerts endpoints of a running server. It fails on any 5xx, on any results with
 * impossible numbers that are accepted, and on any run fed only hostile results whose verdict is PASS. Repeat a
 * failure with {@code -Dfuzz.seed=<the seed printed>}; {@code -Dfuzz.requests=N} sends more.
 * <p>
 * The class runs beside the other integration tests (its tests one after another): its server is its own, and a slower
 * answer changes nothing it asserts (server/pom.xml's Failsafe settings).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "perfgate.security.admin-token=fuzz-admin", "perfgate.data-dir=target/it-data/${random.uuid}",
        "perfgate.checks-reload-ms=200", "perfgate.api.max-body-bytes=2097152"})
@Execution(ExecutionMode.CONCURRENT)
class HostileRequestsIT {

    static final Path CHECKS = ChecksDir.create();
    static final String SYSTEM = "fuzz";

    @DynamicPropertySource
    static void checksDir(DynamicPropertyRegistry registry) {
        registry.add("perfgate.checks-dir", CHECKS::toString);
    }

    /** Numbers no statistic can have: each must be refused wherever it is put. */
    static final List<String> IMPOSSIBLE = List.of("-5", "-0.001", "\"NaN\"", "\"Infinity\"", "\"-Infinity\"", "1e400",
            "-1e400", "\"-5\"");
    static final List<String> ODD_VALUES = List.of("NaN", "Infinity", "-Infinity", "1e400", "-1e400", "-0", "0",
            "9223372036854775808", "-9223372036854775809", "123456789012345678901234567890", "1.5", "0.0000000001",
            "true", "null", "[]", "{}", "[null]", "{\"a\":{\"b\":[1,{}]}}", "\"\"", "\"12\"", "\"-1\"");
    static final List<String> ODD_DATES = List.of("+1000000000-01-01T00:00:00Z", "-1000000000-01-01T00:00:00Z",
            "0000-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "9999-12-31T23:59:59.999Z", "+10000-01-01T00:00:00Z",
            "2026-02-30T00:00:00Z", "2026-11-23T10:00:00+25:00", "not a date", "", "2026-11-23");
    static final List<String> ODD_PARAMS = List.of("0", "-1", "1", "2", "201", "301", "1001", "2001", "-2147483649",
            "2147483648", "99999999999999999999", "1e3", "NaN", "abc", "", "%00", "%0d%0aX-Injected:%201", "1;drop",
            "-9223372036854775808", "9223372036854775807", "%E2%80%A8", "%ff%fe");

    @LocalServerPort
    int port;
    @Autowired
    GateDefinitions definitions;

    final long seed = Long.getLong("fuzz.seed", System.nanoTime());
    final Random random = new Random(seed);
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    final Map<String, Integer> histogram = new TreeMap<>();
    final List<String> failures = new ArrayList<>();
    final List<String> runs = new ArrayList<>();
    int sent;
    String gatling;

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void shouldAnswerEveryHostileRequestWithoutA5xxAndNeverPassHostileResults() throws Exception {
        System.out.println("HostileRequestsIT seed " + seed + " (repeat with -Dfuzz.seed=" + seed + ")");
        gatling = fixture();
        ChecksDir.write(definitions, CHECKS, SYSTEM + ".yaml", """
                system: fuzz
                checks:
                  - id: p99
                    results: { stat: p99 }
                    requirement: "<= 200ms"
                  - id: errors
                    results: { stat: errorPct }
                    requirement: "< 1"
                """);
        assertThat(judge(List.of(validResults()))).as("valid results can pass: the gate is not simply closed").isEqualTo("PASS");
        for (int i = 0; i < 15; i++) {
            runs.add(newRun("pool"));
        }
        long started = System.nanoTime();

        int requests = Integer.getInteger("fuzz.requests", 1000);
        List<Supplier<String>> kinds = List.of(this::createRun, this::listRuns, this::verdict, this::annotations,
                this::alerts, this::hostileResults, this::gatlingResults, this::junkResults, this::measures, this::endRun,
                this::malformed, this::reviews, this::tokens);
        for (int i = 0; i < requests; i++) {
            String failure = kinds.get(random.nextInt(kinds.size())).get();
            if (failure != null) {
                failures.add(failure);
            }
        }
        List<String> passed = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            List<String> hostile = new ArrayList<>();
            for (int j = 0; j <= random.nextInt(3); j++) {
                hostile.add(random.nextBoolean() ? impossibleResults() : impossibleGatling());
            }
            String verdict = judge(hostile);
            if ("PASS".equals(verdict)) {
                passed.add(String.join(" then ", hostile));
            }
        }

        System.out.printf("HostileRequestsIT: %d requests in %.1f s, status histogram %s%n", sent,
                (System.nanoTime() - started) / 1e9, histogram);
        assertThat(sent).isGreaterThanOrEqualTo(1000);
        assertThat(failures).as("5xx answers and accepted impossible results (seed %d)", seed).isEmpty();
        assertThat(passed).as("runs fed only hostile results that PASSed (seed %d)", seed).isEmpty();
    }

    // --- the requests ---------------------------------------------------------------------------------------------

    private String createRun() {
        Map<String, String> fields = new TreeMap<>(Map.of("system", quote(SYSTEM), "workload", quote("w" + random.nextInt(3)),
                "environment", quote("test")));
        String[] optional = {"runId", "version", "buildUrl", "buildNumber", "branch", "commit", "trigger", "tags",
                "annotations", "rampUpSeconds", "startedAt", "system", "workload", "environment", "unknownField"};
        for (int i = 0; i < 1 + random.nextInt(4); i++) {
            fields.put(pick(optional), anyValue());
        }
        return expectNo5xx("POST", "/api/v1/runs", object(fields));
    }

    private String listRuns() {
        String query = "limit=" + pick(ODD_PARAMS) + (random.nextBoolean() ? "&before=" + encode(hostileString(200)) : "")
                + (random.nextBoolean() ? "&system=" + encode(hostileString(300)) : "");
        return expectNo5xx("GET", "/api/v1/runs?" + query, null);
    }

    private String verdict() {
        String wait = pick(List.of("0", "-1", "301", "abc", "1e9", "-9223372036854775808", "", "0.5"));
        return expectNo5xx("GET", "/api/v1/runs/" + runOrJunk() + "/verdict?wait=" + wait, null);
    }

    private String annotations() {
        String query = "from=" + pick(ODD_PARAMS) + "&to=" + pick(ODD_PARAMS) + "&limit=" + pick(ODD_PARAMS);
        if (random.nextBoolean()) {
            query = "from=" + encode(pick(ODD_DATES)) + "&to=" + encode(pick(ODD_DATES));
        }
        return expectNo5xx("GET", "/api/v1/annotations?" + query, null);
    }

    private String alerts() {
        return expectNo5xx("GET", "/api/v1/alerts?limit=" + pick(ODD_PARAMS) + "&status=" + encode(hostileString(50)), null);
    }

    /** Results with one impossible number: must be refused. */
    private String hostileResults() {
        String body = impossibleResults();
        Answer answer = send("POST", "/api/v1/runs/" + pick(runs) + "/results", body);
        return answer.status >= 500 || answer.status < 300 ? "accepted or failed (" + answer.status + "): " + body
                + " -> " + cut(answer.body) : null;
    }

    /** A Gatling stats.json with one impossible number: must be refused. */
    private String gatlingResults() {
        String body = impossibleGatling();
        Answer answer = send("POST", "/api/v1/runs/" + pick(runs) + "/results", body);
        return answer.status >= 500 || answer.status < 300 ? "accepted or failed (" + answer.status + "): "
                + describeGatling(body) + " -> " + cut(answer.body) : null;
    }

    /** Results of odd shapes and values: anything but a 5xx. */
    private String junkResults() {
        Map<String, String> stats = new TreeMap<>();
        for (String field : List.of("count", "ok", "ko", "p50Ms", "p99Ms", "meanMs", "errorPct", "name", "extra")) {
            if (random.nextInt(3) > 0) {
                stats.put(field, anyValue());
            }
        }
        Map<String, String> fields = new TreeMap<>();
        fields.put("format", random.nextInt(5) == 0 ? anyValue() : quote("perfgate-results/v1"));
        String[] parts = {"global", "requests", "measures", "window", "timeseries", "tool"};
        for (int i = 0; i < 1 + random.nextInt(3); i++) {
            String part = pick(parts);
            fields.put(part, switch (part) {
                case "global" -> object(stats);
                case "requests" -> "[" + object(stats) + (random.nextBoolean() ? ",null" : "") + "]";
                case "window" -> object(Map.of("start", date(), "end", date()));
                case "timeseries" -> "[" + object(Map.of("t", date(), "requests", anyValue())) + "]";
                case "measures" -> object(Map.of(hostileString(20), anyValue()));
                default -> anyValue();
            });
        }
        return expectNo5xx("POST", "/api/v1/runs/" + runOrJunk() + "/results", object(fields));
    }

    private String measures() {
        StringBuilder body = new StringBuilder("{");
        int count = random.nextInt(10) == 0 ? 600 + random.nextInt(1000) : 1 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
            body.append(i == 0 ? "" : ",").append(quote(random.nextInt(4) == 0 ? hostileString(30) : "m" + i)).append(':')
                    .append(random.nextBoolean() ? "1" : anyValue());
        }
        return expectNo5xx("POST", "/api/v1/runs/" + runOrJunk() + "/measures", body.append('}').toString());
    }

    private String endRun() {
        Map<String, String> fields = new TreeMap<>();
        if (random.nextBoolean()) {
            fields.put("status", random.nextBoolean() ? quote(pick(List.of("completed", "aborted", "ABORTED", ""))) : anyValue());
        }
        if (random.nextBoolean()) {
            fields.put("endedAt", date());
        }
        if (random.nextBoolean()) {
            fields.put("reason", quote(hostileString(3000)));
        }
        // ends only runs made for it, so the pool stays open for results
        return expectNo5xx("POST", "/api/v1/runs/" + (random.nextBoolean() ? newRun("end") : junkId()) + "/end", object(fields));
    }

    /** Admin actions on runs (pin, reviews, invalidate, evaluate) with odd reasons and ids. */
    private String reviews() {
        String action = pick(List.of("baseline", "regression/accept", "regression/deny", "invalidate", "evaluate"));
        String body = random.nextInt(4) == 0 ? object(Map.of("reason", anyValue())) : object(Map.of("reason", quote(hostileString(2500))));
        String id = random.nextBoolean() ? newRun("review") : junkId();
        String failure = expectNo5xx(random.nextInt(6) == 0 && action.equals("baseline") ? "DELETE" : "POST",
                "/api/v1/runs/" + id + "/" + action, action.equals("evaluate") ? null : body);
        return failure != null ? failure : expectNo5xx("GET", "/api/v1/runs/" + id + "/verdicts", null);
    }

    /** Token issue requests with odd names and roles, and the lists that show them. */
    private String tokens() {
        Map<String, String> fields = new TreeMap<>();
        fields.put("name", random.nextBoolean() ? quote(hostileString(150)) : anyValue());
        fields.put("role", random.nextBoolean() ? quote(pick(List.of("viewer", "runner", "admin", "root", "", "VIEWER"))) : anyValue());
        String failure = expectNo5xx("POST", "/api/v1/tokens", object(fields));
        return failure != null ? failure : expectNo5xx("GET", random.nextBoolean() ? "/api/v1/tokens" : "/api/v1/checks", null);
    }

    /** Bodies that are not JSON, or JSON that is cut, nested deep, or names a field twice. */
    private String malformed() {
        String valid = "{\"system\":\"fuzz\",\"workload\":\"m\",\"environment\":\"test\",\"version\":\"1\"}";
        String body = switch (random.nextInt(7)) {
            case 0 -> valid.substring(0, random.nextInt(valid.length()));
            case 1 -> "[".repeat(2000 + random.nextInt(5000));
            case 2 -> "{\"system\":\"fuzz\",\"system\":\"other\",\"workload\":\"m\",\"environment\":\"test\"}";
            case 3 -> new String(randomBytes(1 + random.nextInt(500)), StandardCharsets.ISO_8859_1);
            case 4 -> valid.replace("\"1\"", "\"1\u0000\u001b\n\"");
            case 5 -> "{\"format\":\"perfgate-results/v1\",\"global\":{\"count\":NaN,\"ok\":1,\"ko\":0}}";
            default -> valid + "trailing";
        };
        String path = random.nextBoolean() ? "/api/v1/runs" : "/api/v1/runs/" + pick(runs) + "/results";
        return expectNo5xx("POST", path, body);
    }

    // --- hostile results ------------------------------------------------------------------------------------------

    private String validResults() {
        return "{\"format\":\"perfgate-results/v1\",\"global\":{\"count\":100,\"ok\":100,\"ko\":0,\"minMs\":5,"
                + "\"meanMs\":40,\"maxMs\":90,\"p50Ms\":35,\"p95Ms\":70,\"p99Ms\":80},\"requests\":[{\"name\":\"home\","
                + "\"count\":100,\"ok\":100,\"ko\":0,\"p99Ms\":80}]}";
    }

    private String impossibleResults() {
        String where = random.nextBoolean() ? "global" : "requests";
        String field = pick(List.of("count", "ok", "ko", "errorPct", "minMs", "meanMs", "maxMs", "p50Ms", "p75Ms", "p90Ms",
                "p95Ms", "p99Ms", "p999Ms", "throughputRps"));
        String value = switch (field) {
            case "count" -> pick(List.of("-100", "101", "1e400", "\"NaN\""));
            case "ok", "ko" -> pick(List.of("-1", "99", "1e400", "\"-Infinity\""));
            case "errorPct" -> pick(List.of("-1", "100.5", "\"NaN\"", "\"Infinity\""));
            default -> pick(IMPOSSIBLE);
        };
        Map<String, String> fields = new TreeMap<>(Map.of("count", "100", "ok", "100", "ko", "0", "p99Ms", "80"));
        fields.put(field, value);
        String stats = object(fields);
        return where.equals("global")
                ? "{\"format\":\"perfgate-results/v1\",\"global\":" + stats + "}"
                : "{\"format\":\"perfgate-results/v1\",\"requests\":[{\"name\":\"home\"," + stats.substring(1) + "]}";
    }

    private String impossibleGatling() {
        Matcher numbers = Pattern.compile("\"(total|ok|ko)\": \"(\\d+(\\.\\d+)?)\"").matcher(gatling);
        List<int[]> positions = new ArrayList<>();
        while (numbers.find()) {
            positions.add(new int[] {numbers.start(2) - 1, numbers.end(2) + 1});
        }
        int[] at = positions.get(random.nextInt(positions.size()));
        String value = pick(List.of("\"-5\"", "\"-Infinity\"", "\"Infinity\"", "\"NaN\"", "-1", "\"1e400\"", "\"-0.5\""));
        return gatling.substring(0, at[0]) + value + gatling.substring(at[1]);
    }

    private String describeGatling(String body) {
        for (int i = 0; i < Math.min(body.length(), gatling.length()); i++) {
            if (body.charAt(i) != gatling.charAt(i)) {
                return "stats.json changed at " + cut(body.substring(Math.max(0, i - 80), Math.min(body.length(), i + 20)));
            }
        }
        return "stats.json";
    }

    /** A run fed the given results, ended, and its verdict's status. */
    private String judge(List<String> results) {
        String id = newRun("judged");
        for (String body : results) {
            send("POST", "/api/v1/runs/" + id + "/results", body);
        }
        send("POST", "/api/v1/runs/" + id + "/end", null);
        Answer verdict = send("GET", "/api/v1/runs/" + id + "/verdict?wait=30", null);
        Matcher status = Pattern.compile("\"status\":\"([A-Z]+)\"").matcher(verdict.body);
        return status.find() ? status.group(1) : verdict.status + " " + cut(verdict.body);
    }

    private String newRun(String workload) {
        Answer created = send("POST", "/api/v1/runs", "{\"system\":\"fuzz\",\"workload\":\"" + workload
                + "\",\"environment\":\"test\",\"startedAt\":\"" + Instant.now().minusSeconds(120) + "\"}");
        Matcher id = Pattern.compile("\"id\":\"([^\"]+)\"").matcher(created.body);
        assertThat(id.find()).as(created.body).isTrue();
        return id.group(1);
    }

    // --- values ---------------------------------------------------------------------------------------------------

    private String anyValue() {
        return switch (random.nextInt(5)) {
            case 0 -> quote(hostileString(random.nextInt(10) == 0 ? 300_000 : 500));
            case 1, 2 -> pick(ODD_VALUES);
            case 3 -> date();
            default -> "[" + quote(hostileString(50)) + "," + pick(ODD_VALUES) + "]";
        };
    }

    private String date() {
        return random.nextInt(4) == 0 ? pick(ODD_VALUES) : quote(pick(ODD_DATES));
    }

    private String hostileString(int maxLength) {
        return switch (random.nextInt(8)) {
            case 0 -> "";
            case 1 -> "x".repeat(1 + random.nextInt(Math.max(1, maxLength)));
            case 2 -> "line\nbreak\r\n2026-11-23 ERROR forged\u0000\u001b[31m\u2028";
            case 3 -> "<script>alert(1)</script>|<!channel>&amp;";
            case 4 -> "${jndi:ldap://x/a} ../../etc/passwd %s%n";
            case 5 -> "\uD800 lone surrogate and \uFFFF";
            case 6 -> "http://user:pass@evil.example/?token=abc|click";
            default -> new String(randomBytes(1 + random.nextInt(Math.min(64, Math.max(1, maxLength)))), StandardCharsets.UTF_8);
        };
    }

    private String runOrJunk() {
        return random.nextInt(4) == 0 ? junkId() : pick(runs);
    }

    private String junkId() {
        return encode(pick(List.of("000000000000000000000000", "nope", "..", "%", "a".repeat(5000), "$where", "{}",
                hostileString(40))));
    }

    private byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        random.nextBytes(bytes);
        return bytes;
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private String pick(String[] values) {
        return values[random.nextInt(values.length)];
    }

    /** A JSON string: valid escapes mostly, now and then raw control characters (invalid JSON on purpose). */
    private String quote(String value) {
        if (random.nextInt(20) == 0) {
            return "\"" + value + "\"";
        }
        StringBuilder json = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            if (c == '"' || c == '\\') {
                json.append('\\').append(c);
            } else if (c < 0x20) {
                json.append(String.format("\\u%04x", (int) c));
            } else {
                json.append(c);
            }
        }
        return json.append('"').toString();
    }

    private static String object(Map<String, String> fields) {
        StringBuilder json = new StringBuilder("{");
        fields.forEach((name, value) -> json.append(json.length() > 1 ? "," : "").append('"').append(name).append("\":").append(value));
        return json.append('}').toString();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static String cut(String text) {
        return text == null ? "" : text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }

    // --- HTTP -----------------------------------------------------------------------------------------------------

    record Answer(int status, String body) {
    }

    private String expectNo5xx(String method, String path, String body) {
        Answer answer = send(method, path, body);
        return answer.status >= 500 ? method + " " + cut(path) + " " + cut(body) + " -> " + answer.status + " " + cut(answer.body) : null;
    }

    private Answer send(String method, String path, String body) {
        sent++;
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(40)).header("Authorization", "Bearer fuzz-admin")
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
            if (body != null) {
                request.header("Content-Type", "application/json");
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            histogram.merge(Integer.toString(response.statusCode()), 1, Integer::sum);
            return new Answer(response.statusCode(), response.body());
        } catch (IllegalArgumentException e) {
            histogram.merge("unsendable", 1, Integer::sum);
            return new Answer(0, e.getMessage());
        } catch (IOException e) {
            histogram.merge("io-error", 1, Integer::sum);
            failures.add(method + " " + cut(path) + ": no answer (" + e + ")");
            return new Answer(0, String.valueOf(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String fixture() throws IOException {
        try (InputStream in = HostileRequestsIT.class.getResourceAsStream("/results/gatling-3.12-stats.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

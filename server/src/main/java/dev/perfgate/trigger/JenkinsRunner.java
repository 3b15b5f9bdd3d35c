package dev.perfgate.trigger;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.system.OutboundHttp;

/**
 * Asks a parameterised Jenkins job to run the load ({@code POST /job/<job>/buildWithParameters}), then follows the
 * series until the build has recorded its run (trigger ci) and that run is judged. The job gets the series, the
 * version and the load knobs as parameters named like the load scripts' properties.
 */
class JenkinsRunner implements RunRunner {

    static final String NAME = "jenkins";
    private static final Duration POLL = Duration.ofSeconds(2);

    private final RunnerProperties.Jenkins config;
    private final Duration verdictWait;
    private final RunRepository runs;
    private final Clock clock;
    private final HttpClient http;

    JenkinsRunner(RunnerProperties.Jenkins config, Duration verdictWait, RunRepository runs, Clock clock,
            OutboundHttp outbound) {
        if (config.url() == null || config.job() == null || config.job().isBlank()) {
            throw new IllegalStateException("perfgate.runner.type=jenkins needs perfgate.runner.jenkins.url and .job");
        }
        this.config = config;
        this.verdictWait = verdictWait;
        this.runs = runs;
        this.clock = clock;
        this.http = outbound.client(NAME, Duration.ofSeconds(10));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void run(TriggerRequest request, Progress progress) throws Exception {
        Instant triggered = clock.instant();
        String queueItem = trigger(request);
        progress.state(Progress.State.QUEUED, "Jenkins queued the build"
                + (queueItem == null ? "" : " (" + queueItem + ")") + "; waiting for it to record its run");
        Optional<Run> recorded = follow(request, triggered, run -> true, config.followTimeout());
        if (recorded.isEmpty()) {
            throw new IOException("no run of " + request.series() + " was recorded within "
                    + config.followTimeout().toMinutes() + " min of triggering Jenkins");
        }
        Run run = recorded.get();
        progress.run(run.id(), run.runId());
        progress.state(Progress.State.RUNNING, "Jenkins recorded run " + run.runId() + "; waiting for it to end");
        Optional<Run> judged = follow(request, triggered,
                r -> r.id().equals(run.id()) && r.isEnded() && r.verdict() != null
                        && !"PENDING".equals(r.verdict().status()),
                config.followTimeout().plus(verdictWait));
        if (judged.isEmpty()) {
            throw new IOException("run " + run.runId() + " was not judged within " + config.followTimeout().toMinutes() + " min");
        }
        progress.judged(judged.get().verdict());
    }

    /** Posts the build request; the queue item's URL when Jenkins gives one. */
    String trigger(TriggerRequest request) throws IOException, InterruptedException {
        Map<String, String> form = new LinkedHashMap<>();
        if (config.buildToken() != null && !config.buildToken().isBlank()) {
            form.put("token", config.buildToken());
        }
        form.put("system", request.system());
        form.put("workload", request.workload());
        form.put("environment", request.environment());
        form.put("version", request.version() == null ? "" : request.version());
        form.put("users", String.valueOf(request.users()));
        form.put("durationSeconds", String.valueOf(request.durationSeconds()));
        form.put("rampUpSeconds", String.valueOf(request.rampUpSeconds()));
        String body = form.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue())).collect(Collectors.joining("&"));
        HttpRequest.Builder post = HttpRequest.newBuilder(buildUri()).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (config.user() != null && !config.user().isBlank()) {
            String credentials = config.user() + ":" + (config.apiToken() == null ? "" : config.apiToken());
            post.header("Authorization", "Basic "
                    + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
        }
        HttpResponse<String> response = http.send(post.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 201 && response.statusCode() != 200) {
            throw new IOException("Jenkins answered " + response.statusCode() + " to buildWithParameters of job "
                    + config.job() + (response.statusCode() == 403 ? " (check perfgate.runner.jenkins.user and api-token)" : ""));
        }
        return response.headers().firstValue("Location").orElse(null);
    }

    /** {@code <url>/job/a/job/b/buildWithParameters} for job {@code a/b}. */
    URI buildUri() {
        String base = config.url().toString().replaceAll("/+$", "");
        String path = java.util.Arrays.stream(config.job().split("/")).filter(s -> !s.isBlank())
                .map(s -> "/job/" + URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20"))
                .collect(Collectors.joining());
        return URI.create(base + path + "/buildWithParameters");
    }

    /** Polls the series' newest run created since the trigger until it satisfies {@code done}. */
    private Optional<Run> follow(TriggerRequest request, Instant since, java.util.function.Predicate<Run> done,
            Duration timeout) throws InterruptedException {
        Instant deadline = clock.instant().plus(timeout);
        while (clock.instant().isBefore(deadline)) {
            Optional<Run> newest = runs.ofSeries(request.series(), 1).stream()
                    .filter(run -> !run.createdAt().isBefore(since)).findFirst();
            if (newest.isPresent() && done.test(newest.get())) {
                return newest;
            }
            Thread.sleep(POLL.toMillis());
        }
        return Optional.empty();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}

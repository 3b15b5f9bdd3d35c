package dev.perfgate.alert;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.perfgate.check.CheckResult;
import dev.perfgate.check.CheckStatus;
import dev.perfgate.check.GateResult;
import dev.perfgate.check.Verdict;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Trigger;

/** Runs, verdicts and checks as plain values for the alert unit tests. */
final class Fixtures {

    static final Instant AT = Instant.parse("2025-03-01T10:15:30Z");

    private Fixtures() {
    }

    static Run run() {
        return new Run("r-154", "shop", "peak", "test", "154", "1.154", "https://ci.example/job/shop/7/", "7", "main",
                "0123456789abcdef", Trigger.CI, List.of(), Map.of(), AT.minusSeconds(600), AT, 0, RunStatus.COMPLETED,
                null, AT.minusSeconds(600), null, null);
    }

    static CheckResult check(String id, String name, CheckStatus status, boolean key, String message,
            List<String> explanation) {
        return new CheckResult(id, name, id, null, status, key, "fail", 51.12, "%", "< 50", status, "<= +10%", status,
                "r-153", "run 153", 18.52, 32.6, 176.03, null, null, message, explanation);
    }

    static Verdict verdict(CheckStatus status, CheckResult... checks) {
        return new Verdict("v-1", "r-154", AT, "run ended", status, status == CheckStatus.PASS ? GateResult.PASS : GateResult.FAIL,
                status + ": summary", "shop.yaml", "abc", "previous", new Verdict.Validity(true, List.of()),
                List.of(checks), List.of());
    }

    static Map<String, String> links() {
        return Map.of("run", "https://perfgate.example/runs/r-154",
                "compare", "https://perfgate.example/compare?run=r-154&with=r-153",
                "trends", "https://perfgate.example/series/shop/peak/test/trends");
    }

    static CheckResult cpuFail() {
        return check("cpu", "avg CPU", CheckStatus.FAIL, true,
                "avg CPU 51.12 % > 50 %; avg CPU 51.12 % vs 18.52 % in run 153: +176 % > +10 %",
                List.of("Checkout.priceOf self +31.2 % of CPU (+4.1 s)", "Json.write self +12.0 % of CPU (+1.6 s)"));
    }

    static CheckResult p99Fail() {
        return check("p99", "p99 response time", CheckStatus.FAIL, false, "p99 response time 260 ms > 200 ms", List.of());
    }

    static Route route(String mention, String... quiet) {
        return new Route("team", new SeriesPattern("*", "*", "*"), Route.ChannelType.SLACK,
                java.net.URI.create("https://hooks.slack.com/services/T000/B000/SECRETxyz"), null, null, mention,
                java.util.Arrays.stream(quiet).map(SeriesPattern::parse).toList());
    }
}

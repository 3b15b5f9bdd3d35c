package dev.perfgate.alert;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perfgate.alert.AlertPolicy.Decision;
import dev.perfgate.alert.AlertPolicy.Kind;
import dev.perfgate.check.CheckResult;
import dev.perfgate.check.CheckStatus;
import tools.jackson.databind.JsonNode;

class SlackBlocksTest {

    private static AlertMessage failure(Map<String, String> links) {
        return AlertMessage.of(new Decision(Kind.FAIL, CheckStatus.FAIL, null), Fixtures.run(),
                Fixtures.verdict(CheckStatus.FAIL, Fixtures.p99Fail(), Fixtures.cpuFail()), null, links);
    }

    private static List<String> texts(JsonNode message) {
        List<String> texts = new ArrayList<>();
        for (JsonNode block : message.path("blocks")) {
            texts.add(block.path("text").path("text").asString(""));
            block.path("fields").forEach(f -> texts.add(f.path("text").asString()));
            block.path("elements").forEach(e -> texts.add(e.path("text").asString("")));
        }
        return texts;
    }

    @Test
    void shouldShowTheRunAndTheFailingChecksWithTheirNumbersKeyCheckFirst() {
        JsonNode message = SlackBlocks.render(failure(Fixtures.links()), null);

        assertThat(message.path("blocks").get(0).path("text").path("text").asString())
                .isEqualTo(":red_circle: FAIL: shop/peak/test run 154");
        assertThat(texts(message)).contains("*Series*\n`shop/peak/test`", "*Version*\n1.154",
                "*Run*\n<https://perfgate.example/runs/r-154|154>", "*Build*\n<https://ci.example/job/shop/7/|#7>",
                "*2 of 2 checks did not pass*");
        String cpu = texts(message).stream().filter(t -> t.contains("*avg CPU*")).findFirst().orElseThrow();
        assertThat(cpu).as("numbers escaped for mrkdwn").contains(
                "avg CPU 51.12 % &gt; 50 %; avg CPU 51.12 % vs 18.52 % in run 153: +176 % &gt; +10 %");
        assertThat(cpu).contains("key check", "_Functions that grew:_\n• Checkout.priceOf self +31.2 % of CPU (+4.1 s)");
        assertThat(texts(message).indexOf(cpu)).as("key check first")
                .isLessThan(texts(message).indexOf(texts(message).stream().filter(t -> t.contains("p99")).findFirst().orElseThrow()));
        assertThat(message.path("text").asString()).startsWith("FAIL: shop/peak/test run 154: avg CPU 51.12 %");
    }

    @Test
    void shouldNameAPerRequestCheckWithTheLabelThePagesAndTheCliShow() {
        CheckResult p95 = new CheckResult("p95", "p95", "p95", "/checkout", CheckStatus.FAIL, false, "fail", 260.0,
                "ms", "<= 200ms", CheckStatus.FAIL, null, null, null, null, null, null, null, null, null,
                "p95 of /checkout 260 ms > 200 ms", List.of());
        AlertMessage message = AlertMessage.of(new Decision(Kind.FAIL, CheckStatus.FAIL, null), Fixtures.run(),
                Fixtures.verdict(CheckStatus.FAIL, p95), null, Fixtures.links());

        List<String> texts = texts(SlackBlocks.render(message, null));

        assertThat(p95.label()).isEqualTo("p95 of /checkout");
        assertThat(texts).anySatisfy(t -> assertThat(t).startsWith(":red_circle: *p95 of /checkout* · FAIL"));
    }

    @Test
    void shouldLinkRunCompareAndFlamegraphDiffWhenItExists() {
        Map<String, String> links = new HashMap<>(Fixtures.links());
        JsonNode without = SlackBlocks.render(failure(links), null);
        links.put("flamegraphDiff", "https://pyroscope.example/comparison-diff?x=1");
        JsonNode with = SlackBlocks.render(failure(links), null);

        assertThat(buttons(without)).containsExactly("run=https://perfgate.example/runs/r-154",
                "compare=https://perfgate.example/compare?run=r-154&with=r-153",
                "trends=https://perfgate.example/series/shop/peak/test/trends");
        assertThat(buttons(with)).contains("flamegraphDiff=https://pyroscope.example/comparison-diff?x=1");
    }

    @Test
    void shouldMentionTheGroupWhenAKeyCheckFailsUnlessTheSeriesIsQuiet() {
        AlertMessage message = failure(Fixtures.links());

        String mention = Fixtures.route("<!subteam^S0PERF>").mentionFor(message);
        JsonNode rendered = SlackBlocks.render(message, mention);

        assertThat(texts(rendered).get(1)).isEqualTo("<!subteam^S0PERF> key check failed: *avg CPU*");
        assertThat(rendered.path("text").asString()).startsWith("<!subteam^S0PERF> FAIL");
        assertThat(Fixtures.route("<!subteam^S0PERF>", "shop/peak").mentionFor(message)).isNull();
        assertThat(Fixtures.route("<!subteam^S0PERF>", "search").mentionFor(message)).isEqualTo("<!subteam^S0PERF>");
    }

    @Test
    void shouldSayThatAReevaluationChangedTheVerdict() {
        AlertMessage message = AlertMessage.of(new Decision(Kind.CHANGED, CheckStatus.PASS, CheckStatus.FAIL),
                Fixtures.run(), Fixtures.verdict(CheckStatus.PASS), null, Fixtures.links());

        JsonNode rendered = SlackBlocks.render(message, Fixtures.route("<!here>").mentionFor(message));

        assertThat(texts(rendered)).contains("*verdict changed from FAIL to PASS after re-evaluation*", "PASS: summary");
        assertThat(rendered.path("text").asString()).isEqualTo(
                "PASS: shop/peak/test run 154 (verdict changed from FAIL to PASS after re-evaluation)");
    }

    @Test
    void shouldListAtMostTenChecks() {
        List<dev.perfgate.check.CheckResult> checks = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            checks.add(Fixtures.check("c" + i, "check " + i, CheckStatus.FAIL, false, "check " + i + " 9 > 1", List.of()));
        }
        AlertMessage message = AlertMessage.of(new Decision(Kind.FAIL, CheckStatus.FAIL, null), Fixtures.run(),
                Fixtures.verdict(CheckStatus.FAIL, checks.toArray(dev.perfgate.check.CheckResult[]::new)), null,
                Fixtures.links());

        JsonNode rendered = SlackBlocks.render(message, null);

        assertThat(texts(rendered)).contains("… and 4 more: see the run page");
        assertThat(rendered.path("blocks").size()).isLessThanOrEqualTo(50);
    }

    @Test
    void shouldEscapeSlackLinkSyntaxInUrlAndText() {
        String link = SlackBlocks.link("https://ci.example/job/7|Approve the release>", "#7|<!channel>\nnew line");

        assertThat(link).isEqualTo("<https://ci.example/job/7%7CApprove the release%3E|#7/&lt;!channel&gt; new line>");
        assertThat(link.chars().filter(c -> c == '|')).as("one separator: the text cannot be spoofed").hasSize(1);
    }

    private static List<String> buttons(JsonNode message) {
        List<String> buttons = new ArrayList<>();
        for (JsonNode block : message.path("blocks")) {
            if (block.path("type").asString().equals("actions")) {
                block.path("elements").forEach(b -> buttons.add(b.path("action_id").asString() + "=" + b.path("url").asString()));
            }
        }
        return buttons;
    }
}

package dev.perfgate.alert;

import java.util.List;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import dev.perfgate.check.CheckResult;
import dev.perfgate.check.CheckStatus;

/**
 * An alert as a Slack Block Kit message: header, what changed and who is mentioned, the run's facts, one section per
 * check that did not pass (its numbers, then the functions that grew), buttons to the evidence, and a context line.
 * Pure: stays within Slack's limits (50 blocks, 3000 characters a section, 150 a header).
 */
final class SlackBlocks {

    static final int MAX_CHECKS = 10;
    static final int MAX_EXPLANATION_LINES = 5;
    private static final int MAX_SECTION = 3000;
    private static final int MAX_HEADER = 150;

    /** Button label per link name, in the order shown. */
    private static final List<String[]> BUTTONS = List.of(
            new String[] {"run", "Run page"},
            new String[] {"compare", "Compare with baseline"},
            new String[] {"flamegraphDiff", "Flamegraph diff"},
            new String[] {"trends", "Trends"});

    private SlackBlocks() {
    }

    /** The message body for an incoming webhook; chat.postMessage adds its channel. */
    static ObjectNode render(AlertMessage m, String mention) {
        ObjectNode message = JsonMapper.shared().createObjectNode();
        message.put("text", fallback(m, mention));
        ArrayNode blocks = message.putArray("blocks");
        ObjectNode header = blocks.addObject().put("type", "header");
        header.putObject("text").put("type", "plain_text").put("emoji", true)
                .put("text", cut(emoji(m.status()) + " " + m.headline(), MAX_HEADER));
        String lead = lead(m, mention);
        if (!lead.isEmpty()) {
            section(blocks, lead);
        }
        ArrayNode fields = blocks.addObject().put("type", "section").putArray("fields");
        field(fields, "Series", "`" + escape(m.series().toString()) + "`");
        field(fields, "Run", link(m.link("run"), m.run()));
        field(fields, "Version", m.version() == null ? "—" : escape(m.version()));
        field(fields, "Build", m.buildUrl() == null ? (m.buildNumber() == null ? "—" : escape(m.buildNumber()))
                : link(m.buildUrl(), m.buildNumber() == null ? "build" : "#" + m.buildNumber()));
        field(fields, "Verdict", m.status() + " (gate: " + m.gate() + ")");
        if (m.branch() != null || m.commit() != null) {
            field(fields, "Branch", escape((m.branch() == null ? "" : m.branch())
                    + (m.commit() == null ? "" : " @ " + m.commit().substring(0, Math.min(10, m.commit().length())))));
        }
        if (m.checks().isEmpty()) {
            section(blocks, escape(m.summary()));
        } else {
            section(blocks, "*" + m.checks().size() + " of " + m.checkCount() + " checks did not pass*");
            m.checks().stream().limit(MAX_CHECKS).forEach(c -> section(blocks, check(c)));
            if (m.checks().size() > MAX_CHECKS) {
                context(blocks, "… and " + (m.checks().size() - MAX_CHECKS) + " more: see the run page");
            }
        }
        ArrayNode buttons = JsonMapper.shared().createArrayNode();
        for (String[] button : BUTTONS) {
            String url = m.link(button[0]);
            if (url != null) {
                ObjectNode b = buttons.addObject().put("type", "button").put("action_id", button[0]).put("url", url);
                b.putObject("text").put("type", "plain_text").put("text", button[1]);
                if (button[0].equals("run") && m.status() == CheckStatus.FAIL) {
                    b.put("style", "danger");
                }
            }
        }
        if (!buttons.isEmpty()) {
            blocks.addObject().put("type", "actions").set("elements", buttons);
        }
        context(blocks, "PerfGate verdict `" + m.verdictId() + "` · evaluated " + m.evaluatedAt()
                + (m.reason() == null ? "" : " · " + escape(m.reason())));
        return message;
    }

    /** The notification text (shown where blocks are not): mention, headline, change, first failing check. */
    static String fallback(AlertMessage m, String mention) {
        StringBuilder text = new StringBuilder();
        if (mention != null) {
            text.append(mention).append(' ');
        }
        text.append(escape(m.headline()));
        if (m.change() != null) {
            text.append(" (").append(m.change()).append(')');
        }
        if (!m.checks().isEmpty()) {
            text.append(": ").append(escape(m.checks().get(0).message()));
        }
        return cut(text.toString(), MAX_SECTION);
    }

    private static String lead(AlertMessage m, String mention) {
        StringBuilder lead = new StringBuilder();
        if (m.change() != null) {
            lead.append('*').append(escape(m.change())).append('*');
        }
        if (mention != null) {
            if (lead.length() > 0) {
                lead.append('\n');
            }
            lead.append(mention).append(" key check failed: ").append(String.join(", ",
                    m.keyFailures().stream().map(c -> "*" + escape(c.name()) + "*").toList()));
        }
        return lead.toString();
    }

    private static String check(CheckResult c) {
        StringBuilder text = new StringBuilder();
        text.append(emoji(c.status())).append(" *").append(escape(c.label())).append('*');
        text.append(c.key() ? " · key check" : "").append(" · ").append(c.status()).append('\n');
        text.append(escape(c.message()));
        List<String> lines = c.explanation() == null ? List.of() : c.explanation();
        if (!lines.isEmpty()) {
            text.append("\n_Functions that grew:_");
            lines.stream().limit(MAX_EXPLANATION_LINES).forEach(l -> text.append("\n• ").append(escape(l)));
        }
        return text.toString();
    }

    private static void section(ArrayNode blocks, String mrkdwn) {
        blocks.addObject().put("type", "section").putObject("text").put("type", "mrkdwn").put("text", cut(mrkdwn, MAX_SECTION));
    }

    private static void context(ArrayNode blocks, String mrkdwn) {
        blocks.addObject().put("type", "context").putArray("elements").addObject().put("type", "mrkdwn")
                .put("text", cut(mrkdwn, MAX_SECTION));
    }

    private static void field(ArrayNode fields, String name, String value) {
        fields.addObject().put("type", "mrkdwn").put("text", cut("*" + name + "*\n" + value, 2000));
    }

    /**
     * Slack's {@code <url|text>}: a '|', '<' or '>' in the URL is percent-encoded (else the rest of the URL would become
     * the text shown, a spoofed link), and the text holds no '|' nor line break.
     */
    static String link(String url, String text) {
        if (url == null) {
            return escape(text);
        }
        String safeUrl = url.replace("&", "&amp;").replace("|", "%7C").replace("<", "%3C").replace(">", "%3E")
                .replaceAll("\\p{Cntrl}", "");
        String safeText = escape(text).replace("|", "/").replaceAll("\\p{Cntrl}", " ");
        return "<" + safeUrl + "|" + safeText + ">";
    }

    static String emoji(CheckStatus status) {
        return switch (status) {
            case PASS -> ":white_check_mark:";
            case WARN -> ":warning:";
            case FAIL -> ":red_circle:";
            case INCONCLUSIVE -> ":grey_question:";
            case INVALID -> ":no_entry_sign:";
        };
    }

    /** Slack's mrkdwn escaping: only these three characters. */
    static String escape(String text) {
        return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }
}

package dev.perfgate.client.gate;

import dev.perfgate.client.api.Verdict;
import dev.perfgate.definition.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a verdict for a CI log: a headline, one table row per check (status, value, threshold, baseline, delta,
 * message) with its explanation below, and the links to the evidence. Plain ASCII, so every console shows it.
 */
public final class VerdictSummary {

  private static final String NONE = "-";
  static final int MAX_PROFILE_LINES = 5;
  private static final List<String> HEADINGS =
      List.of("STATUS", "CHECK", "VALUE", "THRESHOLD", "BASELINE", "DELTA", "MESSAGE");
  /** Link names in the order a person wants them; any other link the server adds follows. */
  private static final Map<String, String> LINK_LABELS = new LinkedHashMap<>();

  static {
    LINK_LABELS.put("run", "Run page");
    LINK_LABELS.put("compare", "Compare");
    LINK_LABELS.put("flamegraph", "Flamegraph");
    LINK_LABELS.put("flamegraphDiff", "Flamegraph diff");
    LINK_LABELS.put("flamegraphComparison", "Flamegraph comparison");
    LINK_LABELS.put("diff", "Profile diff");
    LINK_LABELS.put("trends", "Trends");
  }

  private VerdictSummary() {
  }

  /** The verdict with its checks and links; ends with a line break. */
  public static String render(Verdict verdict) {
    StringBuilder out = new StringBuilder();
    out.append("PerfGate verdict: ").append(verdict.status()).append(" for ").append(verdict.series())
        .append(" run ").append(verdict.runId());
    if (verdict.gate() != null) {
      out.append(" (gate: ").append(verdict.gate()).append(')');
    }
    out.append('\n');
    if (verdict.summary() != null) {
      out.append(verdict.summary()).append('\n');
    }
    if (verdict.review() != null) {
      out.append(review(verdict.review())).append('\n');
    }
    if (!verdict.checks().isEmpty()) {
      out.append('\n').append(table(verdict.checks()));
    }
    if (!verdict.profiles().isEmpty()) {
      out.append('\n').append(profiles(verdict));
    }
    out.append('\n').append(links(verdict));
    return out.toString();
  }

  /**
   * "Regression accepted by alice at 2026-12-01T10:00:00Z: new cache" (the gate's exit code is still the verdict's:
   * a review changes which runs later ones compare with, not this verdict).
   */
  static String review(Verdict.Review review) {
    String decision = review.decision() == null ? "reviewed" : review.decision();
    return "Regression " + decision + (review.by() == null ? "" : " by " + review.by())
        + (review.at() == null ? "" : " at " + review.at()) + (review.reason() == null || review.reason().isBlank()
        ? "" : ": " + review.reason())
        + ("accepted".equals(decision) ? " (later runs may compare with this run)"
        : "denied".equals(decision) ? " (never a baseline)" : "");
  }

  /** Per profile type: its status, what it says (at most {@value #MAX_PROFILE_LINES} lines) and its links. */
  static String profiles(Verdict verdict) {
    StringBuilder out = new StringBuilder("  PROFILES\n");
    for (Verdict.Profile profile : verdict.profiles()) {
      out.append("  ").append(profile.type()).append(": ").append(profile.status() == null ? "" : profile.status());
      if (profile.reason() != null) {
        out.append(" (").append(profile.reason()).append(')');
      }
      out.append('\n');
      profile.lines().stream().limit(MAX_PROFILE_LINES)
          .forEach(line -> out.append("    > ").append(line).append('\n'));
      // the links section already has the ones the verdict links to
      for (String[] link : new String[][] {{"flamegraph", profile.flamegraphUrl()},
          {"diff" + (profile.baselineLabel() == null ? "" : " vs " + profile.baselineLabel()), profile.diffUrl()},
          {"comparison", profile.comparisonUrl()}}) {
        if (link[1] != null && !verdict.links().containsValue(link[1])) {
          out.append("    ").append(link[0]).append(": ").append(link[1]).append('\n');
        }
      }
    }
    return out.toString();
  }

  /** The closing line: what CI does and why. */
  public static String decisionLine(GatePolicy.Decision decision, String consequence) {
    return "PerfGate gate: " + decision.outcome() + " (" + decision.reason() + ") -> " + consequence + "\n";
  }

  static String table(List<Verdict.Check> checks) {
    List<List<String>> rows = new ArrayList<>();
    for (Verdict.Check check : checks) {
      rows.add(List.of(
          String.valueOf(check.status()),
          checkName(check),
          check.value() == null ? "no data" : withUnit(format(check.value()), check.unit()),
          threshold(check),
          baseline(check),
          delta(check),
          check.message() == null ? "" : check.message()));
    }
    int[] widths = new int[HEADINGS.size() - 1];
    for (int column = 0; column < widths.length; column++) {
      widths[column] = HEADINGS.get(column).length();
      for (List<String> row : rows) {
        widths[column] = Math.max(widths[column], row.get(column).length());
      }
    }
    StringBuilder out = new StringBuilder();
    line(out, HEADINGS, widths);
    for (int i = 0; i < rows.size(); i++) {
      line(out, rows.get(i), widths);
      String indent = " ".repeat(2 + widths[0] + 2);
      for (String explanation : checks.get(i).explanation()) {
        out.append(indent).append("> ").append(explanation).append('\n');
      }
      checks.get(i).links().forEach((name, url) ->
          out.append(indent).append(LINK_LABELS.getOrDefault(name, name)).append(": ").append(url).append('\n'));
    }
    return out.toString();
  }

  private static void line(StringBuilder out, List<String> cells, int[] widths) {
    StringBuilder line = new StringBuilder("  ");
    for (int column = 0; column < cells.size(); column++) {
      line.append(cells.get(column));
      if (column < widths.length) {
        line.append(" ".repeat(widths[column] - cells.get(column).length() + 2));
      }
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }

  static String links(Verdict verdict) {
    Map<String, String> ordered = new LinkedHashMap<>();
    LINK_LABELS.forEach((name, label) -> {
      if (verdict.links().containsKey(name)) {
        ordered.put(label, verdict.links().get(name));
      }
    });
    verdict.links().entrySet().stream()
        .filter(link -> !LINK_LABELS.containsKey(link.getKey()) && !"self".equals(link.getKey()))
        .sorted(Map.Entry.comparingByKey())
        .forEach(link -> ordered.put(link.getKey(), link.getValue()));
    int width = ordered.keySet().stream().mapToInt(String::length).max().orElse(0) + 1;
    StringBuilder out = new StringBuilder();
    ordered.forEach((label, url) ->
        out.append("  ").append(label).append(':').append(" ".repeat(width - label.length() + 1)).append(url).append('\n'));
    return out.toString();
  }

  /** The server's label (the run page's and Slack's, e.g. "p95 of /x"), else the name or id. */
  private static String checkName(Verdict.Check check) {
    if (check.label() != null) {
      return check.label();
    }
    String name = check.name() != null ? check.name() : check.id();
    return check.request() == null ? name : name + " of " + check.request();
  }

  private static String threshold(Verdict.Check check) {
    List<String> rules = new ArrayList<>();
    if (check.requirement() != null) {
      rules.add(check.requirement().strip());
    }
    if (check.growth() != null) {
      rules.add(check.growth().strip());
    }
    return rules.isEmpty() ? NONE : String.join(", ", rules);
  }

  private static String baseline(Verdict.Check check) {
    if (check.baselineValue() == null) {
      return NONE;
    }
    String value = withUnit(format(check.baselineValue()), check.unit());
    return check.baselineLabel() == null ? value : value + " (" + check.baselineLabel() + ")";
  }

  private static String delta(Verdict.Check check) {
    if (check.deltaAbs() == null && check.deltaPct() == null) {
      return NONE;
    }
    String absolute = check.deltaAbs() == null ? null : withUnit(signed(check.deltaAbs()), check.unit());
    String percent = check.deltaPct() == null ? null
        : Numbers.format(check.deltaPct()).equals("0") ? "0 %" : Numbers.percent(check.deltaPct()) + " %";
    if (absolute == null) {
      return percent;
    }
    return percent == null ? absolute : absolute + " (" + percent + ")";
  }

  static String withUnit(String number, String unit) {
    return unit == null || unit.isBlank() ? number : number + " " + unit.strip();
  }

  /** The verdict's number format (as on the run page and in Slack): 51.12, 180, 264,339.51. */
  static String format(double value) {
    return Numbers.format(value);
  }

  /** A signed change, "0" when there is none: +4.82, -3. */
  static String signed(double value) {
    return Numbers.format(value).equals("0") ? "0" : Numbers.signed(value);
  }
}

package dev.perfgate.gatling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The numbers of Gatling 3.15's own report for a run, keyed as PerfGate's fields ({@code count}, {@code p99Ms}, ...):
 * counts, % KO and count/s from index.html, each request's OK latencies from its req_*.html page, the global OK
 * latencies from the console summary (index.html shows only the all-responses column).
 */
final class GatlingReport {

  /** The key of the global numbers. */
  static final String GLOBAL = "(global)";

  private static final Pattern PERCENTILE = Pattern.compile("([\\d.]+)(?:st|nd|rd|th) percentile");
  private static final Pattern CONSOLE_ROW =
      Pattern.compile("^> (.+?)\\s*\\|\\s*(\\S+)\\s*\\|\\s*(\\S+)\\s*\\|\\s*(\\S+)\\s*$", Pattern.MULTILINE);

  private final Map<String, Map<String, Double>> numbers = new HashMap<>();

  private GatlingReport() {
  }

  /** Reads the report in {@code runFolder} and the console summary Gatling printed when it wrote it. */
  static Map<String, Map<String, Double>> read(Path runFolder, String console) throws IOException {
    GatlingReport report = new GatlingReport();
    report.readIndex(Jsoup.parse(runFolder.resolve("index.html").toFile()));
    try (Stream<Path> files = Files.list(runFolder)) {
      for (Path page : files.filter(f -> f.getFileName().toString().startsWith("req_")).toList()) {
        report.readRequestPage(Jsoup.parse(page.toFile()));
      }
    }
    report.readConsole(console.substring(console.lastIndexOf("---- Global Information")));
    return report.numbers;
  }

  private void readIndex(Document index) {
    readIndexRow(GLOBAL, index.selectFirst("#container_statistics_head tbody tr"));
    for (Element row : index.select("#container_statistics_body tbody tr")) {
      readIndexRow(row.selectFirst(".ellipsed-name").text(), row);
    }
  }

  private void readIndexRow(String name, Element row) {
    put(name, "count", row.selectFirst("td.col-2").text());
    put(name, "ok", row.selectFirst("td.col-3").text());
    put(name, "ko", row.selectFirst("td.col-4").text());
    put(name, "errorPct", row.selectFirst("td.col-5").text());
    put(name, "throughputRps", row.selectFirst("td.col-6").text());
  }

  private void readRequestPage(Document page) {
    String name = page.title().substring("Gatling Stats - ".length());
    for (Element row : page.select("div.infos table tbody tr")) {
      String title = row.selectFirst("td.title").text();
      String ok = row.selectFirst("td.ok").text();
      Matcher percentile = PERCENTILE.matcher(title);
      switch (title) {
        case "Min" -> put(name, "minMs", ok);
        case "Max" -> put(name, "maxMs", ok);
        case "Mean" -> put(name, "meanMs", ok);
        default -> {
          if (percentile.matches()) {
            put(name, percentileKey(percentile.group(1)), ok);
          }
        }
      }
    }
  }

  private void readConsole(String summary) {
    Matcher row = CONSOLE_ROW.matcher(summary);
    while (row.find()) {
      String title = row.group(1);
      String ok = row.group(3);
      Matcher percentile = PERCENTILE.matcher(title);
      if (title.startsWith("min response time")) {
        put(GLOBAL, "minMs", ok);
      } else if (title.startsWith("max response time")) {
        put(GLOBAL, "maxMs", ok);
      } else if (title.startsWith("mean response time")) {
        put(GLOBAL, "meanMs", ok);
      } else if (percentile.find()) {
        put(GLOBAL, percentileKey(percentile.group(1)), ok);
      }
    }
  }

  /** 50 is p50Ms, 99.9 is p999Ms. */
  private static String percentileKey(String rank) {
    return "p" + rank.replace(".", "") + "Ms";
  }

  private void put(String name, String key, String value) {
    if (!List.of("-", "").contains(value.trim())) {
      // the console groups thousands: 1,227
      numbers.computeIfAbsent(name, n -> new HashMap<>()).put(key, Double.parseDouble(value.trim().replace(",", "")));
    }
  }
}

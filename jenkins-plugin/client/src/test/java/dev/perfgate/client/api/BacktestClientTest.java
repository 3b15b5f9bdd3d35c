package dev.perfgate.client.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The backtest call: where it goes, what it sends, how an answer and a rejected file come back. */
class BacktestClientTest {

  static final String ANSWER = """
      {"series":"demo app/peak/local","definition":"mine.yaml","submitted":true,"baseline":"median",
       "runs":[{"id":"a","runId":"7","startedAt":"2026-11-22T10:00:00Z","actual":"FAIL","replayed":"PASS",
                "changed":true,"findings":[],"notReplayable":[]}],
       "summary":{"runs":1,"changed":1,"actual":{"FAIL":1},"replayed":{"PASS":1},"newFails":0,"clearedFails":1,
                  "failsOnGoodRuns":0,"notReplayableRuns":0},"notes":[],"somethingNew":1}""";

  private final List<String> log = new ArrayList<>();
  private final FakeTransport perfGate = new FakeTransport();

  @Test
  void shouldPostTheFileToTheSeriesBacktestAndReadTheAnswer() throws Exception {
    perfGate.answer(200, ANSWER);

    Backtest backtest = perfGate.client(Retry.DEFAULT, log).backtest("demo app", "peak", "local",
        new Backtest.Request("mine.yaml", "system: demo app\n", 50, true));

    FakeTransport.Sent sent = perfGate.sent().get(0);
    assertThat(sent.method()).isEqualTo("POST");
    assertThat(sent.path()).as("each part of the series encoded").isEqualTo("/api/v1/series/demo%20app/peak/local/backtest");
    assertThat(sent.body()).isEqualTo("{\"file\":\"mine.yaml\",\"checks\":\"system: demo app\\n\",\"runs\":50,\"live\":true}");
    assertThat(backtest.runs()).singleElement().satisfies(row -> {
      assertThat(row.actual()).isEqualTo("FAIL");
      assertThat(row.replayed()).isEqualTo("PASS");
    });
    assertThat(backtest.summary().clearedFails()).isEqualTo(1);
  }

  @Test
  void shouldCarryTheFileAndLineOfARejectedFile() {
    perfGate.answer(400, """
        {"title":"Bad Request","status":400,"detail":"The checks file was rejected: mine.yaml:12: growth must be a rule",
         "problems":[{"file":"mine.yaml","line":12,"message":"growth must be a rule"}]}""");

    assertThatThrownBy(() -> perfGate.client(Retry.DEFAULT, log).backtest("shop", "peak", "local",
        new Backtest.Request("mine.yaml", "x: 1", null, null)))
        .isInstanceOf(PerfGateException.class)
        .hasMessageContaining("backtest mine.yaml over shop/peak/local")
        .hasMessageContaining("answered 400): The checks file was rejected: mine.yaml:12: growth must be a rule");
    assertThat(perfGate.sent()).as("a rejected file is not retried").hasSize(1);
  }
}

package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import dev.perfgate.check.Backtest;
import dev.perfgate.check.Backtests;
import dev.perfgate.check.GateDefinitions;
import dev.perfgate.definition.DefinitionParser;
import dev.perfgate.definition.Problem;
import dev.perfgate.run.Series;

/** The backtest page: the replay as a table beside the verdicts given, an edited file's problems, who may post. */
@WebMvcTest(controllers = BacktestPageController.class)
@Import({UiSecurityConfiguration.class, Fixtures.FixedClock.class})
class BacktestPageControllerTest {

    static final Series SERIES = new Series("afterburner", "peak", "test");

    @Autowired
    MockMvc mvc;
    @MockitoBean
    Backtests backtests;
    @MockitoBean
    GateDefinitions definitions;

    static Backtests.Report report(boolean submitted) {
        List<Backtest.Row> rows = List.of(
                new Backtest.Row("r153", "153", Fixtures.T153, "PASS", "PASS", false, List.of(), List.of()),
                new Backtest.Row("r154", "154", Fixtures.T154, "FAIL", "PASS", true, List.of(), List.of()),
                new Backtest.Row("r155", "155", Fixtures.T154.plusSeconds(3600), "PASS", "INCONCLUSIVE", true,
                        List.of(new Backtest.Finding("heap", "INCONCLUSIVE", "heap: no data (not replayable: no live source)")),
                        List.of("heap")));
        return new Backtests.Report(SERIES.toString(), "afterburner.yaml", submitted, "median", rows,
                new Backtest.Summary(3, 2, Map.of("PASS", 2, "FAIL", 1), Map.of("PASS", 2, "INCONCLUSIVE", 1), 0, 1, 0, 1),
                List.of());
    }

    @BeforeEach
    void givenTheChecksInForce() {
        given(definitions.find("afterburner", "peak", "test")).willReturn(Optional.of(new DefinitionParser()
                .parse("afterburner.yaml", "system: afterburner\nchecks:\n  - id: p99\n    name: p99\n    results: { stat: p99 }\n    requirement: \"<= 200ms\"\n")
                .definition()));
        given(definitions.directory()).willReturn(Path.of("target/no-such-checks-dir"));
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldShowEveryRunWithTheVerdictGivenAndTheReplayedOne() throws Exception {
        given(backtests.run(SERIES, null, null, BacktestPageController.RUNS, true)).willReturn(report(false));

        String page = mvc.perform(get("/series/afterburner/peak/test/backtest")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("Checks in force: afterburner.yaml").contains("2 of 3 verdicts change")
                .contains("data-run=\"154\" data-changed=\"true\"").contains("heap: no data (not replayable: no live source)")
                .contains("not replayable: heap").contains("FAILs cleared 1");
    }

    @Test
    @WithMockUser(roles = "RUNNER")
    void shouldShowTheProblemsOfABrokenEditedFileWith400() throws Exception {
        given(backtests.run(eq(SERIES), eq("mine.yaml"), anyString(), anyInt(), eq(false)))
                .willThrow(new Backtests.ChecksRejected(List.of(new Problem("mine.yaml", 7, "growth must be a rule"))));

        String page = mvc.perform(post("/series/afterburner/peak/test/backtest").with(csrf()).param("file", "mine.yaml")
                .param("checks", "system: afterburner\n")).andExpect(status().isBadRequest())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("The checks file was rejected").contains("mine.yaml:7: growth must be a rule")
                .as("the edited text stays in the form").contains("system: afterburner");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldRefuseAViewerToBacktestAnEditedFile() throws Exception {
        mvc.perform(post("/series/afterburner/peak/test/backtest").with(csrf()).param("checks", "system: afterburner\n"))
                .andExpect(status().isForbidden());

        verifyNoInteractions(backtests);
    }
}

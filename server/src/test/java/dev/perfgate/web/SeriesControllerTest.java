package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import dev.perfgate.check.GateDefinitions;
import dev.perfgate.check.VerdictRepository;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunService;
import dev.perfgate.run.Series;

@WebMvcTest(controllers = SeriesController.class)
@Import({UiSecurityConfiguration.class, PageJson.class, Fixtures.FixedClock.class})
class SeriesControllerTest {

    static final Series SERIES = new Series("afterburner", "peak", "test");

    @Autowired
    MockMvc mvc;
    @MockitoBean
    SeriesQueries queries;
    @MockitoBean
    RunRepository runs;
    @MockitoBean
    RunService runService;
    @MockitoBean
    VerdictRepository verdicts;
    @MockitoBean
    GateDefinitions definitions;

    @BeforeEach
    void givenASeriesWithTwoRuns() {
        given(runs.ofSeries(SERIES, 1)).willReturn(List.of(Fixtures.run154()));
        given(queries.pin(SERIES)).willReturn(Optional.empty());
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldListTheRunsNewestFirstWithARedMarkOnTheFailingOne() throws Exception {
        given(queries.runs(eq(SERIES), any(), isNull(), eq(SeriesController.PAGE)))
                .willReturn(List.of(Fixtures.run154(), Fixtures.run153()));

        String page = mvc.perform(get("/series/afterburner/peak/test")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("run 154").contains("run 153").contains("1.154").contains("#154")
                .contains("href=\"https://ci.example/job/154/\"").contains("nightly").contains("ci");
        assertThat(page.indexOf("run 154")).as("newest first").isLessThan(page.indexOf("run 153"));
        assertThat(page).as("only the failing run has the red mark").containsOnlyOnce("mark-fail")
                .contains("class=\"row-fail\"");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldFilterByVerdictVersionAndTag() throws Exception {
        given(queries.runs(eq(SERIES), any(), isNull(), eq(SeriesController.PAGE))).willReturn(List.of());

        String page = mvc.perform(get("/series/afterburner/peak/test").param("verdict", "FAIL").param("version", "1.15")
                .param("tag", " nightly ")).andReturn().getResponse().getContentAsString();

        verify(queries).runs(SERIES, new SeriesQueries.RunFilter("FAIL", "1.15", "nightly"), null, SeriesController.PAGE);
        assertThat(page).contains("No runs match.").contains("<option value=\"FAIL\" selected=\"selected\">FAIL</option>");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldLinkTheNextPageWhenThePageIsFull() throws Exception {
        List<dev.perfgate.run.Run> full = java.util.stream.IntStream.range(0, SeriesController.PAGE)
                .mapToObj(i -> Fixtures.run("r" + i, String.valueOf(200 - i), Fixtures.T154.minusSeconds(i), null)).toList();
        given(queries.runs(eq(SERIES), any(), isNull(), eq(SeriesController.PAGE))).willReturn(full);

        String page = mvc.perform(get("/series/afterburner/peak/test")).andReturn().getResponse().getContentAsString();

        assertThat(page).contains("Older runs").contains("before=r" + (SeriesController.PAGE - 1));
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldDrawTheTrendOfEveryCheckFromTheStoredVerdicts() throws Exception {
        given(runs.ofSeries(SERIES, SeriesController.TREND_RUNS)).willReturn(List.of(Fixtures.run154(), Fixtures.run153()));
        given(verdicts.findAllById(List.of("v154", "v153"))).willReturn(List.of(Fixtures.verdict154(), Fixtures.verdict153()));

        String page = mvc.perform(get("/series/afterburner/peak/test/trends")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("<h2 id=\"trend-title-0\">avg CPU</h2>").contains("p99 response time")
                .contains("\"value\":18.52").contains("\"value\":51.12").contains("\"baselineLabel\":\"run 153\"");
        assertThat(page.indexOf("\"value\":18.52")).as("oldest first").isLessThan(page.indexOf("\"value\":51.12"));
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldMarkTheChangePointInTextAndInTheTableNotOnlyOnTheChart() throws Exception {
        List<dev.perfgate.run.Run> newestFirst = new java.util.ArrayList<>();
        List<dev.perfgate.check.Verdict> verdictList = new java.util.ArrayList<>();
        for (int i = 16; i >= 1; i--) {
            double cpu = (i <= 8 ? 18.0 : 40.0) + i * 0.01;
            newestFirst.add(Fixtures.run("r" + i, String.valueOf(i), Fixtures.T153.plusSeconds(600L * i),
                    new dev.perfgate.run.RunVerdict("PASS", "v" + i, "PASS", Fixtures.T153)));
            verdictList.add(new dev.perfgate.check.Verdict("v" + i, "r" + i, Fixtures.T153, "run ended",
                    dev.perfgate.check.CheckStatus.PASS, dev.perfgate.check.GateResult.PASS, "PASS", "afterburner.yaml",
                    "abc", "previous", new dev.perfgate.check.Verdict.Validity(true, List.of()),
                    List.of(Fixtures.cpu(cpu, dev.perfgate.check.CheckStatus.PASS, null, null)), List.of()));
        }
        given(runs.ofSeries(SERIES, SeriesController.TREND_RUNS)).willReturn(newestFirst);
        given(verdicts.findAllById(any())).willReturn(verdictList);

        String page = mvc.perform(get("/series/afterburner/peak/test/trends")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("Change point at").contains(">run 9</a>").contains("median 18.05 → 40.12 % (+122.4 %, p 0.004)")
                .contains("data-change-point=\"true\"").contains("change point: +122.4 %");
        assertThat(page.split("data-change-point=\"true\"", -1)).as("one run marked in the table").hasSize(2);
        assertThat(page).contains("href=\"/series/afterburner/peak/test/backtest\"");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldAnswer404ForASeriesWithoutRuns() throws Exception {
        mvc.perform(get("/series/nobody/peak/test")).andExpect(status().isNotFound());
    }
}

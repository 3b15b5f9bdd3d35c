package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import dev.perfgate.check.VerdictRepository;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.Series;

@WebMvcTest(controllers = HomeController.class)
@Import({UiSecurityConfiguration.class, SeriesOverview.class, Fixtures.FixedClock.class})
class HomeControllerTest {

    @Autowired
    MockMvc mvc;
    @MockitoBean
    SeriesQueries queries;
    @MockitoBean
    RunRepository runs;
    @MockitoBean
    VerdictRepository verdicts;

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldListEverySeriesWithItsLatestVerdictAndAKeyCheckSparkline() throws Exception {
        Series series = Fixtures.run154().series();
        given(queries.series()).willReturn(List.of(series));
        given(runs.ofSeries(series, SeriesOverview.SPARKLINE_RUNS)).willReturn(List.of(Fixtures.run154(), Fixtures.run153()));
        given(verdicts.findAllById(List.of("v154", "v153"))).willReturn(List.of(Fixtures.verdict154(), Fixtures.verdict153()));

        String page = mvc.perform(get("/")).andExpect(status().isOk()).andReturn().getResponse().getContentAsString();

        assertThat(page).contains("afterburner / peak / test").contains("href=\"/series/afterburner/peak/test\"")
                .contains("badge-fail").contains("run 154").contains("1 h ago");
        assertThat(page).as("key check with its newest value and a line over both runs")
                .contains("avg CPU").contains("51.12 %").contains("<polyline points=\"3.0,25.0 117.0,3.0\"")
                .contains("avg CPU over the last 2 judged runs, newest 51.12 %").contains("class=\"dot-fail\"");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldSayWhenNoRunIsRecordedYet() throws Exception {
        given(queries.series()).willReturn(List.of());

        String page = mvc.perform(get("/")).andReturn().getResponse().getContentAsString();

        assertThat(page).contains("No runs are recorded yet.").doesNotContain("Trigger a run");
    }

    @Test
    void shouldShowTheLoginFormWithACsrfTokenToAnyone() throws Exception {
        String page = mvc.perform(get("/login")).andExpect(status().isOk()).andReturn().getResponse().getContentAsString();

        assertThat(page).contains("<label for=\"username\">Name</label>").contains("name=\"_csrf\"");
    }
}

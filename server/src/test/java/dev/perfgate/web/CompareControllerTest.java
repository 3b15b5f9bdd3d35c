package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
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

import dev.perfgate.check.CheckResult;
import dev.perfgate.check.ProfileSummary;
import dev.perfgate.check.RunProfiles;
import dev.perfgate.check.Verdict;
import dev.perfgate.check.VerdictService;
import dev.perfgate.profile.Profile;
import dev.perfgate.profile.ProfileType;
import dev.perfgate.profile.Quantity;
import dev.perfgate.results.ResultsRepository;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunService;

@WebMvcTest(controllers = CompareController.class)
@Import(UiSecurityConfiguration.class)
class CompareControllerTest {

    @Autowired
    MockMvc mvc;
    @MockitoBean
    RunService runs;
    @MockitoBean
    RunRepository repository;
    @MockitoBean
    VerdictService verdicts;
    @MockitoBean
    ResultsRepository results;
    @MockitoBean
    RunProfiles profiles;

    @BeforeEach
    void givenRuns153And154() {
        given(runs.get("r154")).willReturn(Fixtures.run154());
        given(runs.get("r153")).willReturn(Fixtures.run153());
        given(repository.findById("r153")).willReturn(Optional.of(Fixtures.run153()));
        given(repository.ofSeries(Fixtures.run154().series(), 50)).willReturn(List.of(Fixtures.run154(), Fixtures.run153()));
        given(verdicts.latest(Fixtures.run154())).willReturn(Optional.of(Fixtures.verdict154()));
        given(verdicts.latest(Fixtures.run153())).willReturn(Optional.of(Fixtures.verdict153()));
        given(results.find("r154")).willReturn(Optional.of(Fixtures.results("r154", 260)));
        given(results.find("r153")).willReturn(Optional.of(Fixtures.results("r153", 118)));
        given(profiles.links(Fixtures.run154(), Fixtures.run153())).willReturn(Optional.empty());
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldCompareWithTheBaselineOfTheVerdictByDefault() throws Exception {
        String page = mvc.perform(get("/compare").param("run", "r154")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("Compare <a href=\"/runs/r154\">run 154</a>")
                .contains("with <a href=\"/runs/r153\">run 153</a>");
        assertThat(page).as("checks side by side: B, A, change").contains("18.52 %").contains("51.12 %")
                .contains("+32.6 %").contains("+176 %");
        assertThat(page).as("p99 per request, 118 → 260 ms").contains("+120 %").contains("class=\"num worse\"");
        assertThat(page).contains("data-src=\"/compare/profile-diff?run=r154&amp;with=r153\"");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldShowBesideBTheBaselineAsTheVerdictJudgedItWhenItWasAMedian() throws Exception {
        // Given run 154's CPU judged against the median of 5 runs (149–153), 20.1 %, not against run 153 alone
        Verdict v = Fixtures.verdict154();
        CheckResult cpu = v.checks().get(0);
        CheckResult median = new CheckResult(cpu.id(), cpu.name(), cpu.fingerprint(), cpu.request(), cpu.status(),
                cpu.key(), cpu.severity(), cpu.value(), cpu.unit(), cpu.requirement(), cpu.requirementStatus(),
                cpu.growth(), cpu.growthStatus(), "r153", "median of 5 runs (149–153)", 20.1, 51.12 - 20.1,
                100 * (51.12 - 20.1) / 20.1, cpu.floor(), cpu.noise(), cpu.message(), cpu.explanation());
        given(verdicts.latest(Fixtures.run154())).willReturn(Optional.of(new Verdict(v.id(), v.runId(),
                v.evaluatedAt(), v.reason(), v.status(), v.gate(), v.summary(), v.definitionFile(),
                v.definitionVersion(), "median", v.validity(), List.of(median, v.checks().get(1)), v.profiles())));

        String page = mvc.perform(get("/compare").param("run", "r154")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).as("B is the median's newest run, A − B its change").contains("with <a href=\"/runs/r153\">run 153</a>")
                .contains("+176 %");
        assertThat(page).as("the verdict's own baseline and change beside it")
                .contains("20.1 % in median of 5 runs (149–153): +154 %")
                .contains("judged its growth rules against\n      <strong>median of 5 runs (149–153)</strong>");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldSayNothingMoreWhenTheVerdictJudgedAgainstBAlone() throws Exception {
        String page = mvc.perform(get("/compare").param("run", "r154")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("18.52 % in run 153: +176 %").doesNotContain("id=\"judged-against\"");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldLinkToPyroscopeAsTheVerdictJudgedWithoutReadingIt() throws Exception {
        // Given run 154's verdict stored its CPU evidence against run 153
        ProfileSummary stored = new ProfileSummary("cpu", "EXPLAINED", "CPU profile of 463 samples",
                "http://pyroscope/flame-154", "http://pyroscope/diff-153-154", "http://pyroscope/side-by-side", "r153",
                "run 153", 0.01, 3.5, "seconds", List.of(), List.of(), List.of(), null, null, 463L, 412L, "samples",
                0.009, null);
        Verdict v = Fixtures.verdict154();
        given(verdicts.latest(Fixtures.run154())).willReturn(Optional.of(new Verdict(v.id(), v.runId(),
                v.evaluatedAt(), v.reason(), v.status(), v.gate(), v.summary(), v.definitionFile(),
                v.definitionVersion(), v.baselineStrategy(), v.validity(), v.checks(), List.of(stored))));

        // When
        String page = mvc.perform(get("/compare").param("run", "r154")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        // Then the links are the judged ones, and nothing asked the profile feature for new ones
        assertThat(page).contains("href=\"http://pyroscope/diff-153-154\"")
                .contains("href=\"http://pyroscope/side-by-side\"").contains("href=\"http://pyroscope/flame-154\"");
        then(profiles).shouldHaveNoInteractions();
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldAnswer404ForTheProfileDiffWhileThereIsNoProfileData() throws Exception {
        given(profiles.pair(Fixtures.run154(), Fixtures.run153(), ProfileType.CPU)).willReturn(Optional.empty());

        mvc.perform(get("/compare/profile-diff").param("run", "r154").param("with", "r153"))
                .andExpect(status().isNotFound()).andExpect(jsonPath("$.detail").value("No profile data for these runs"));
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldServeTheDifferentialTreeWhenBothRunsHaveProfiles() throws Exception {
        given(profiles.pair(Fixtures.run154(), Fixtures.run153(), ProfileType.CPU)).willReturn(Optional.of(
                new RunProfiles.Pair(
                        Profile.fromFolded("main;handle;multiply 10\nmain;handle;parse 40", Quantity.samples(100)),
                        Profile.fromFolded("main;handle;multiply 80\nmain;handle;parse 20", Quantity.samples(100)),
                        "as judged in run 154's verdict")));

        mvc.perform(get("/compare/profile-diff").param("run", "r154").param("with", "r153"))
                .andExpect(status().isOk())
                .andExpect(header().string("PerfGate-Profiles", "as judged in run 154's verdict"))
                .andExpect(jsonPath("$.name").value("total"))
                .andExpect(jsonPath("$.value").value(100))
                .andExpect(jsonPath("$.children[0].children[0].children[0].name").value("multiply"))
                .andExpect(jsonPath("$.children[0].children[0].children[0].delta").value(80 - 20));
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldOfferAChoiceWhenTheRunHasNothingToCompareWith() throws Exception {
        given(verdicts.latest(Fixtures.run153())).willReturn(Optional.of(Fixtures.verdict153()));
        given(repository.completedBefore(Fixtures.run153().series(), Fixtures.T153, 1)).willReturn(List.of());
        given(repository.ofSeries(Fixtures.run153().series(), 50)).willReturn(List.of(Fixtures.run154(), Fixtures.run153()));

        String page = mvc.perform(get("/compare").param("run", "r153")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("choose a run to compare with").contains("<option value=\"r154\">");
    }
}

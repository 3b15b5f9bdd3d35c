package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.json.JsonCompareMode;
import org.springframework.test.web.servlet.MockMvc;

import dev.perfgate.check.ProfileSummary;
import dev.perfgate.check.Reviews;
import dev.perfgate.check.Verdict;
import dev.perfgate.check.RunProfiles;
import dev.perfgate.profile.FunctionStat;
import dev.perfgate.profile.ProfileReport;
import dev.perfgate.profile.ProfileType;
import dev.perfgate.profile.Quantity;
import dev.perfgate.profile.Workload;
import dev.perfgate.check.VerdictRepository;
import dev.perfgate.check.VerdictService;
import dev.perfgate.results.ResultsRepository;
import dev.perfgate.run.RunService;
import dev.perfgate.system.ApiException;

@WebMvcTest(controllers = RunPageController.class)
@Import({UiSecurityConfiguration.class, PageJson.class})
class RunPageControllerTest {

    @Autowired
    MockMvc mvc;
    @MockitoBean
    RunService runs;
    @MockitoBean
    VerdictService verdicts;
    @MockitoBean
    VerdictRepository verdictHistory;
    @MockitoBean
    ResultsRepository results;
    @MockitoBean
    Reviews reviews;
    @MockitoBean
    SeriesQueries queries;
    @MockitoBean
    RunProfiles profiles;
    @MockitoBean
    PrometheusSeries prometheus;

    @BeforeEach
    void givenTheFailingRun154() {
        given(runs.get("r154")).willReturn(Fixtures.run154());
        given(runs.get("r153")).willReturn(Fixtures.run153());
        given(verdicts.latest(Fixtures.run154())).willReturn(Optional.of(Fixtures.verdict154()));
        given(verdictHistory.history("r154")).willReturn(List.of(Fixtures.verdict154()));
        given(results.find("r154")).willReturn(Optional.of(Fixtures.results("r154", 260)));
        given(queries.pin(Fixtures.run154().series())).willReturn(Optional.empty());
    }

    @Test
    void shouldSendPeopleWhoAreNotSignedInToTheLoginPage() throws Exception {
        mvc.perform(get("/runs/r154")).andExpect(status().is3xxRedirection())
                .andExpect(redirectedUrl("/login"));
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldShowEveryNumberOfTheFailingCheck() throws Exception {
        String page = mvc.perform(get("/runs/r154")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("Run 154").contains("51.12 %").contains("&lt; 50").contains("&lt;= +10%")
                .contains("run 153").contains("18.52 %").contains("+32.6 %").contains("+176 %")
                .contains("avg CPU 51.12 % &gt; 50 %; avg CPU 51.12 % vs 18.52 % in run 153: +176 % &gt; +10 %")
                .contains("p99 response time 260 ms &gt; 200 ms");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldShowLatencyPercentilesAndTheChartDataWithTheRampUp() throws Exception {
        String page = mvc.perform(get("/runs/r154")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("id=\"latency\"").contains("matrix").contains("120").contains("cpu_avg_pct");
        assertThat(page).as("window start, steady state start after 30 s ramp-up")
                .contains("\"start\":" + Fixtures.T154.toEpochMilli())
                .contains("\"steadyStart\":" + Fixtures.T154.plusSeconds(30).toEpochMilli());
        assertThat(page).contains("No profile data for this run yet.");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldShowTheProfileLinksTopFunctionsAndWhatGrew() throws Exception {
        Workload load = Workload.of(Duration.ofSeconds(120), 6000);
        given(profiles.report(Fixtures.run154(), Fixtures.run153())).willReturn(Optional.of(new ProfileReport(
                ProfileType.CPU, ProfileReport.Status.EXPLAINED, "CPU profile of 1,234 samples", "http://pyroscope/flame",
                Optional.of("http://pyroscope/diff"), Optional.of("http://pyroscope/side"),
                List.of(new FunctionStat("com/acme/Matrix.multiply", 880, 900, 88.06, 90.1, Quantity.samples(100), load)),
                List.of(), List.of("com/acme/Matrix.multiply self CPU 0.6 % → 88.1 % (+7,168 samples)"))));

        String page = mvc.perform(get("/runs/r154")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("href=\"http://pyroscope/flame\"").contains("href=\"http://pyroscope/diff\"")
                .contains("href=\"http://pyroscope/side\"").contains("com/acme/Matrix.multiply").contains("88.1 %")
                .contains("self CPU 0.6 % → 88.1 % (+7,168 samples)").doesNotContain("No profile data");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldShowTheProfileEvidenceTheVerdictStoredEvenWhenPyroscopeNowSaysOtherwise() throws Exception {
        ProfileSummary.Query run = new ProfileSummary.Query("shop", "shop.cpu", Map.of("run_id", "154"),
                "shop.cpu{run_id=\"154\"}", Fixtures.T154.plusSeconds(30), Fixtures.T154.plusSeconds(160));
        ProfileSummary.Query base = new ProfileSummary.Query("shop", "shop.cpu", Map.of("run_id", "153"),
                "shop.cpu{run_id=\"153\"}", Fixtures.T153.plusSeconds(30), Fixtures.T153.plusSeconds(160));
        ProfileSummary stored = new ProfileSummary("cpu", "EXPLAINED", "CPU profile of 463 samples",
                "http://pyroscope/flame", "http://pyroscope/diff", null, "r153", "run 153", 0.01, 3.5, "seconds",
                List.of(new ProfileSummary.Function("com/acme/Matrix.multiply", 300, 310, 64.8, 67.0, null, null)),
                List.of(), List.of("com/acme/Matrix.multiply self CPU 6.9 % → 64.8 % (+270 samples)"), run, base, 463L,
                412L, "samples", 0.009, null);
        Verdict judged = Fixtures.verdict154();
        judged = new Verdict(judged.id(), judged.runId(), judged.evaluatedAt(), judged.reason(), judged.status(),
                judged.gate(), judged.summary(), judged.definitionFile(), judged.definitionVersion(),
                judged.baselineStrategy(), judged.validity(), judged.checks(), List.of(stored));
        given(verdicts.latest(Fixtures.run154())).willReturn(Optional.of(judged));
        given(profiles.report(Fixtures.run154(), Fixtures.run153())).willReturn(Optional.of(new ProfileReport(
                ProfileType.CPU, ProfileReport.Status.EXPLAINED, "CPU profile of 525 samples", "http://pyroscope/later",
                Optional.empty(), Optional.empty(), List.of(), List.of(),
                List.of("com/acme/Other.work self CPU 6.9 % → 30.6 % (+120 samples)"))));

        String page = mvc.perform(get("/runs/r154")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).as("the stored evidence, queries and totals")
                .contains("CPU profile of 463 samples").contains("6.9 % → 64.8 % (+270 samples)")
                .contains("run: shop.cpu{run_id=&quot;154&quot;} from " + Fixtures.T154.plusSeconds(30))
                .contains("463 samples").contains("baseline run 153: shop.cpu{run_id=&quot;153&quot;}")
                .contains("412 samples").contains("64.8 %").contains("As judged");
        assertThat(page).as("nothing read from Pyroscope after the verdict")
                .doesNotContain("525 samples").doesNotContain("Other.work").doesNotContain("pyroscope/later");
        verify(profiles, never()).report(Fixtures.run154(), Fixtures.run153());
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldOfferAViewerNoActions() throws Exception {
        String page = mvc.perform(get("/runs/r154")).andReturn().getResponse().getContentAsString();

        assertThat(page).doesNotContain("Re-evaluate").doesNotContain("Pin as baseline").doesNotContain("Mark invalid");
    }

    @Test
    @WithMockUser(roles = {"VIEWER", "RUNNER", "ADMIN"})
    void shouldOfferAnAdminEveryActionIncludingTheRegressionReview() throws Exception {
        String page = mvc.perform(get("/runs/r154")).andReturn().getResponse().getContentAsString();

        assertThat(page).contains("Re-evaluate").contains("Pin as baseline").contains("Accept as the new normal")
                .contains("Deny: a real regression").contains("Mark invalid").contains("name=\"_csrf\"");
    }

    @Test
    @WithMockUser(roles = {"VIEWER", "RUNNER"})
    void shouldNotOfferToReEvaluateARunThatIsStillRunningAndSayWhy() throws Exception {
        given(runs.get("r156")).willReturn(Fixtures.running("r156", "156"));

        String page = mvc.perform(get("/runs/r156")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).as("no form that posts a re-evaluation").doesNotContain("action=\"/runs/r156/evaluate\"")
                .contains("Not while the run is still running")
                .contains("<button type=\"button\" disabled aria-describedby=\"reevaluate-why\">Re-evaluate</button>");
    }

    @Test
    @WithMockUser(roles = {"VIEWER", "RUNNER"})
    void shouldOfferToReEvaluateAnEndedRun() throws Exception {
        String page = mvc.perform(get("/runs/r154")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("action=\"/runs/r154/evaluate\"").doesNotContain("Not while the run is still running");
    }

    @Test
    @WithMockUser(roles = {"VIEWER", "RUNNER"})
    void shouldRefuseARunnerToPinABaseline() throws Exception {
        mvc.perform(post("/runs/r154/baseline").param("reason", "stable").with(csrf())).andExpect(status().isForbidden());

        verify(reviews, never()).pin(anyString(), anyString());
    }

    @Test
    @WithMockUser(roles = {"VIEWER", "RUNNER", "ADMIN"})
    void shouldRefuseAFormWithoutTheCsrfToken() throws Exception {
        mvc.perform(post("/runs/r154/baseline").param("reason", "stable")).andExpect(status().isForbidden());
    }

    @Test
    @WithMockUser(username = "ann", roles = {"VIEWER", "RUNNER", "ADMIN"})
    void shouldPassTheRefusalOfTheReviewServiceBackToThePage() throws Exception {
        given(reviews.pin("r154", "looks fine")).willThrow(ApiException.conflict(
                "Run 154 has a detected regression that was not accepted; accept it first if it is the new normal"));

        mvc.perform(post("/runs/r154/baseline").param("reason", "looks fine").with(csrf()))
                .andExpect(redirectedUrl("/runs/r154"))
                .andExpect(flash().attribute("problem",
                        "Run 154 has a detected regression that was not accepted; accept it first if it is the new normal"));
    }

    @Test
    @WithMockUser(username = "ann", roles = {"VIEWER", "RUNNER", "ADMIN"})
    void shouldRequireAReasonToDenyARegression() throws Exception {
        mvc.perform(post("/runs/r154/regression/deny").param("reason", " ").with(csrf()))
                .andExpect(flash().attribute("problem", "Give a reason: it is kept in the audit log"));

        verify(reviews, never()).review(anyString(), eq(false), anyString());
    }

    @Test
    @WithMockUser(username = "ann", roles = {"VIEWER", "RUNNER", "ADMIN"})
    void shouldDenyARegressionWithTheGivenReason() throws Exception {
        mvc.perform(post("/runs/r154/regression/deny").param("reason", "CPU doubled").with(csrf()))
                .andExpect(redirectedUrl("/runs/r154"));

        verify(reviews).review("r154", false, "CPU doubled");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldAnswerAnUnknownRunWithAPageThatSaysSo() throws Exception {
        given(runs.get("nope")).willThrow(ApiException.notFound("No run with id nope"));

        String page = mvc.perform(get("/runs/nope")).andExpect(status().isNotFound())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("404 Not Found").contains("No run with id nope");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldAnswerAScriptThatAsksForJsonAboutAnUnknownRunWithProblemJson() throws Exception {
        given(runs.get("nope")).willThrow(ApiException.notFound("No run with id nope"));

        String problem = mvc.perform(get("/runs/nope").accept(MediaType.APPLICATION_JSON))
                .andExpect(status().isNotFound())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andReturn().getResponse().getContentAsString();

        assertThat(problem).contains("\"status\":404").contains("\"detail\":\"No run with id nope\"")
                .doesNotContain("<html");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldPollTheStateWhileTheVerdictIsBeingEvaluated() throws Exception {
        given(runs.get("r155")).willReturn(Fixtures.run("r155", "155", Fixtures.T154, null));

        String page = mvc.perform(get("/runs/r155")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).contains("aria-live=\"polite\"").contains("data-src=\"/runs/r155/state\"")
                .contains("data-status=\"PENDING\"").as("perfgate.ui.verdict-wait, 10 min by default")
                .contains("data-wait-seconds=\"600\"").contains("The verdict is being evaluated")
                .contains("src=\"/js/run-wait.js\"");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldNotPollOnceTheVerdictIsIn() throws Exception {
        String page = mvc.perform(get("/runs/r154")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();

        assertThat(page).doesNotContain("id=\"waiting\"").doesNotContain("run-wait.js");
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldTellThePageWhereTheVerdictStands() throws Exception {
        given(runs.get("r155")).willReturn(Fixtures.run("r155", "155", Fixtures.T154, null));
        given(runs.get("r156")).willReturn(Fixtures.running("r156", "156"));

        mvc.perform(get("/runs/r156/state").accept(MediaType.APPLICATION_JSON)).andExpect(status().isOk())
                .andExpect(content().json("{\"status\":\"RUNNING\",\"waiting\":true}", JsonCompareMode.STRICT));
        mvc.perform(get("/runs/r155/state").accept(MediaType.APPLICATION_JSON)).andExpect(status().isOk())
                .andExpect(content().json("{\"status\":\"PENDING\",\"waiting\":true}", JsonCompareMode.STRICT));
        mvc.perform(get("/runs/r154/state").accept(MediaType.APPLICATION_JSON)).andExpect(status().isOk())
                .andExpect(content().json("{\"status\":\"FAIL\",\"waiting\":false}", JsonCompareMode.STRICT));
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldAnswerTheStateOfAnUnknownRunWithProblemJson() throws Exception {
        given(runs.get("nope")).willThrow(ApiException.notFound("No run with id nope"));

        mvc.perform(get("/runs/nope/state").accept(MediaType.APPLICATION_JSON)).andExpect(status().isNotFound())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
    }

    @Test
    void shouldNotTellStrangersWhereAVerdictStands() throws Exception {
        mvc.perform(get("/runs/r154/state").accept(MediaType.APPLICATION_JSON)).andExpect(status().is3xxRedirection());
    }
}

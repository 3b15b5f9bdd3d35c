package dev.perfgate.check;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.asyncDispatch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunService;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.RunVerdict;
import dev.perfgate.run.Trigger;
import dev.perfgate.system.PublicUrls;

/** The verdict API's mapping, validation and answers, over mocked services (judging itself is VerdictPolicyIT's). */
@WebMvcTest(controllers = VerdictController.class)
@AutoConfigureMockMvc(addFilters = false)
@Import(PublicUrls.class)
@TestPropertySource(properties = "perfgate.public-url=https://perfgate.example")
class VerdictControllerTest {

    static final Instant STARTED = Instant.parse("2026-03-02T10:00:00Z");

    @Autowired
    MockMvc mvc;
    @MockitoBean
    VerdictService verdicts;
    @MockitoBean
    VerdictRepository repository;
    @MockitoBean
    Reviews reviews;
    @MockitoBean
    RunService runs;

    static Run run(RunVerdict verdict) {
        return new Run("r1", "shop", "peak", "test", "41", "1.41", null, null, null, null, Trigger.API, List.of(),
                Map.of(), STARTED, STARTED.plusSeconds(150), 30, RunStatus.COMPLETED, null, STARTED, verdict, null);
    }

    @Test
    void shouldAnswer202WhileTheVerdictIsPending() throws Exception {
        Run pending = run(new RunVerdict("PENDING", null, null, STARTED.plusSeconds(151)));
        given(runs.get("r1")).willReturn(pending);
        given(verdicts.verdictOf("r1", Duration.ofSeconds(5))).willReturn(CompletableFuture.completedFuture(pending));

        MvcResult waiting = mvc.perform(get("/api/v1/runs/r1/verdict").param("wait", "5"))
                .andExpect(request().asyncStarted()).andReturn();
        mvc.perform(asyncDispatch(waiting))
                .andExpect(status().isAccepted());
    }

    @Test
    void shouldAnswerTheLatestVerdictWithEachCheckLabelled() throws Exception {
        Run judged = run(new RunVerdict("FAIL", "v1", "FAIL: 1 of 1 checks did not pass", STARTED.plusSeconds(160)));
        CheckResult p95 = new CheckResult("p95", "p95", "p95", "/checkout", CheckStatus.FAIL, false, "fail", 260.0,
                "ms", "<= 200ms", CheckStatus.FAIL, null, null, null, null, null, null, null, null, null,
                "p95 of /checkout 260 ms > 200 ms", List.of());
        Verdict verdict = new Verdict("v1", "r1", STARTED.plusSeconds(160), "run ended", CheckStatus.FAIL, GateResult.FAIL,
                "FAIL: 1 of 1 checks did not pass", "shop.yaml", "abc", "previous", new Verdict.Validity(true, List.of()),
                List.of(p95), List.of());
        answer(judged, verdict)
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.status").value("FAIL"))
                .andExpect(jsonPath("$.checks[0].label").value("p95 of /checkout"))
                .andExpect(jsonPath("$.checks[0].value").value(260.0));
    }

    @Test
    void shouldLeaveOutTheLinksOfAProfileThatCouldNotBeRead() throws Exception {
        // Given an INCONCLUSIVE verdict whose CPU profile has no whole bucket in its window: no flamegraph to link
        Run judged = run(new RunVerdict("INCONCLUSIVE", "v1", "INCONCLUSIVE: 1 of 1 checks", STARTED.plusSeconds(160)));
        ProfileSummary unread = new ProfileSummary("cpu", "NO_DATA", "the run's steady state holds no whole 10-s bucket",
                null, null, null, null, null, 0.01, 3.5, "seconds", List.of(), List.of(), List.of(), null, null, null, null,
                "samples", null, null);
        Verdict verdict = new Verdict("v1", "r1", STARTED.plusSeconds(160), "run ended", CheckStatus.INCONCLUSIVE,
                GateResult.FAIL, "INCONCLUSIVE: 1 of 1 checks", "shop.yaml", "abc", "median",
                new Verdict.Validity(true, List.of()), List.of(), List.of(unread));
        answer(judged, verdict)
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.links.run").exists())
                .andExpect(jsonPath("$.links.flamegraph").doesNotExist())
                .andExpect(jsonPath("$.links.flamegraphDiff").doesNotExist());
    }

    /** GET of run r1's verdict, the run judged with {@code verdict}. */
    private org.springframework.test.web.servlet.ResultActions answer(Run judged, Verdict verdict) throws Exception {
        given(runs.get("r1")).willReturn(judged);
        given(verdicts.verdictOf("r1", Duration.ZERO)).willReturn(CompletableFuture.completedFuture(judged));
        given(verdicts.latest(judged)).willReturn(Optional.of(verdict));
        MvcResult answered = mvc.perform(get("/api/v1/runs/r1/verdict")).andExpect(request().asyncStarted()).andReturn();
        return mvc.perform(asyncDispatch(answered));
    }

    @Test
    void shouldRefuseToWaitLongerThan300Seconds() throws Exception {
        mvc.perform(get("/api/v1/runs/r1/verdict").param("wait", "301"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value("Invalid request: wait must be between 0 and 300 (was '301')"));

        verify(verdicts, never()).verdictOf(any(), any());
    }

    @Test
    void shouldRefuseToPinABaselineWithoutAReason() throws Exception {
        mvc.perform(post("/api/v1/runs/r1/baseline").contentType(MediaType.APPLICATION_JSON).content("{\"reason\":\" \"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").isNotEmpty());

        verify(reviews, never()).pin(any(), any());
    }
}

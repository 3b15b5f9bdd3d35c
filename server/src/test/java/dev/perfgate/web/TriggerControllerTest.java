package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import dev.perfgate.system.ApiException;
import dev.perfgate.trigger.Progress;
import dev.perfgate.trigger.TriggerRequest;
import dev.perfgate.trigger.Triggers;

@WebMvcTest(controllers = TriggerController.class)
@Import(UiSecurityConfiguration.class)
class TriggerControllerTest {

    static final TriggerRequest REQUEST = new TriggerRequest("afterburner", "peak", "test", "1.156", 2, 10, 0);

    @Autowired
    MockMvc mvc;
    @MockitoBean
    Triggers triggers;
    @MockitoBean
    SeriesQueries queries;

    @Test
    @WithMockUser(roles = {"VIEWER", "RUNNER"})
    void shouldStartTheRunAndShowItsProgressPage() throws Exception {
        Progress progress = mock(Progress.class);
        given(progress.id()).willReturn("p1");
        given(triggers.start(REQUEST, "user")).willReturn(progress);

        mvc.perform(post("/trigger").with(csrf()).param("system", "afterburner").param("workload", "peak")
                        .param("environment", "test").param("version", "1.156").param("users", "2")
                        .param("durationSeconds", "10").param("rampUpSeconds", "0"))
                .andExpect(redirectedUrl("/trigger/p1"));
    }

    @Test
    @WithMockUser(roles = {"VIEWER", "RUNNER"})
    void shouldRefuseASecondRunOfTheSameSeriesWithTheReason() throws Exception {
        given(triggers.start(any(), anyString())).willThrow(ApiException.conflict(
                "A run of afterburner/peak/test is already in progress (triggered by ann): PerfGate runs one load per series at a time"));

        String page = mvc.perform(post("/trigger").with(csrf()).param("system", "afterburner").param("workload", "peak")
                        .param("environment", "test").param("users", "2").param("durationSeconds", "10")
                        .param("rampUpSeconds", "0"))
                .andExpect(status().isConflict()).andReturn().getResponse().getContentAsString();

        assertThat(page).contains("is already in progress (triggered by ann)");
    }

    @Test
    @WithMockUser(roles = {"VIEWER", "RUNNER"})
    void shouldShowWhatIsWrongWithTheFormNextToTheField() throws Exception {
        String page = mvc.perform(post("/trigger").with(csrf()).param("system", "after burner").param("workload", "peak")
                        .param("environment", "test").param("users", "0").param("durationSeconds", "10")
                        .param("rampUpSeconds", "0"))
                .andExpect(status().isBadRequest()).andReturn().getResponse().getContentAsString();

        assertThat(page).contains("id=\"system-error\"").contains("must start with a letter or digit")
                .contains("must be greater than or equal to 1").contains("aria-invalid=\"true\"");
        verify(triggers, never()).start(any(), anyString());
    }

    @Test
    @WithMockUser(roles = "VIEWER")
    void shouldNotLetAViewerTriggerARun() throws Exception {
        mvc.perform(get("/trigger")).andExpect(status().isForbidden());
        mvc.perform(post("/trigger").with(csrf()).param("system", "afterburner")).andExpect(status().isForbidden());
    }

    @Test
    @WithMockUser(roles = {"VIEWER", "RUNNER"})
    void shouldPrefillTheSeriesAndSuggestKnownNames() throws Exception {
        given(queries.distinct("system")).willReturn(List.of("afterburner", "shop"));
        given(triggers.recent()).willReturn(List.of());

        String page = mvc.perform(get("/trigger").param("system", "afterburner").param("workload", "peak")
                .param("environment", "test")).andReturn().getResponse().getContentAsString();

        assertThat(page).contains("value=\"afterburner\"").contains("<option value=\"shop\">")
                .contains("id=\"users\"").contains("<label for=\"rampUpSeconds\">");
    }

    @Test
    @WithMockUser(roles = {"VIEWER", "RUNNER"})
    void shouldReportTheProgressAsJson() throws Exception {
        given(triggers.view("p1")).willReturn(Optional.of(new Progress.View("p1", "local", "afterburner", "peak", "test",
                "1.156", "ann", Instant.parse("2026-03-02T12:00:00Z"), "RUNNING", false, 4, 10, 120, 1, "r156", "156",
                null, null, "load running", List.of("> Global | 120 | 119 | 1"))));

        mvc.perform(get("/trigger/p1/progress")).andExpect(status().isOk())
                .andExpect(jsonPath("$.elapsedSeconds").value(4)).andExpect(jsonPath("$.totalSeconds").value(10))
                .andExpect(jsonPath("$.requests").value(120)).andExpect(jsonPath("$.errors").value(1))
                .andExpect(jsonPath("$.finished").value(false));
    }

    @Test
    @WithMockUser(roles = {"VIEWER", "RUNNER"})
    void shouldShowTheProgressPageOfATriggerFailedByARestart() throws Exception {
        given(triggers.view("p2")).willReturn(Optional.of(new Progress.View("p2", "local", "afterburner", "peak", "test",
                "1.157", "ann", Instant.parse("2026-03-02T12:00:00Z"), "FAILED", true, 6, 10, 120, 1, "r157", "157",
                null, null, "PerfGate restarted while this run was going; run 157 was aborted", List.of())));

        String page = mvc.perform(get("/trigger/p2")).andExpect(status().isOk()).andReturn().getResponse()
                .getContentAsString();

        assertThat(page).contains("data-state=\"FAILED\"").contains(">failed</strong>")
                .contains("PerfGate restarted while this run was going; run 157 was aborted").contains("6 s of 10 s");
    }

    @Test
    @WithMockUser(roles = {"VIEWER", "RUNNER"})
    void shouldAnswerAnUnknownTriggerWithNotFound() throws Exception {
        given(triggers.view("nope")).willReturn(Optional.empty());

        mvc.perform(get("/trigger/nope/progress").accept(MediaType.APPLICATION_JSON)).andExpect(status().isNotFound())
                .andExpect(jsonPath("$.detail").value("No triggered run nope"));
        String page = mvc.perform(get("/trigger/nope").accept(MediaType.TEXT_HTML)).andExpect(status().isNotFound())
                .andReturn().getResponse().getContentAsString();
        assertThat(page).contains("No triggered run nope");
    }
}

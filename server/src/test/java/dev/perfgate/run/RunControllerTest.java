package dev.perfgate.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.asyncDispatch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import dev.perfgate.system.ApiException;
import dev.perfgate.system.Intake;
import dev.perfgate.system.PublicUrls;

/** The run API's mapping, validation and answers, over a mocked RunService (security is RunApiIT's). */
@WebMvcTest(controllers = RunController.class)
@AutoConfigureMockMvc(addFilters = false)
@Import({PublicUrls.class, Intake.class})
@TestPropertySource(properties = "perfgate.public-url=https://perfgate.example")
class RunControllerTest {

    static final Instant STARTED = Instant.parse("2026-03-02T10:00:00Z");

    @Autowired
    MockMvc mvc;
    @MockitoBean
    RunService runs;
    @MockitoBean
    AbandonedRuns abandoned;

    static Run run(String id, String runId) {
        return new Run(id, "shop", "peak", "test", runId, "1." + runId, null, null, null, null, Trigger.API, List.of(),
                Map.of(), STARTED, null, 30, RunStatus.RUNNING, null, STARTED, null, null);
    }

    @Test
    void shouldAnswer201WithTheRunAndItsLinksForANewRun() throws Exception {
        given(runs.create(any(), eq(Trigger.API))).willReturn(new RunService.Created(run("r1", "41"), true));

        mvc.perform(asyncDispatch(mvc.perform(post("/api/v1/runs").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"system\":\"shop\",\"workload\":\"peak\",\"environment\":\"test\",\"runId\":\"41\"}"))
                        .andExpect(request().asyncStarted()).andReturn()))
                .andExpect(status().isCreated())
                .andExpect(header().string("Location", "https://perfgate.example/api/v1/runs/r1"))
                .andExpect(jsonPath("$.id").value("r1"))
                .andExpect(jsonPath("$.runId").value("41"));
    }

    @Test
    void shouldAnswer200WithTheExistingRunForARepeatedRunId() throws Exception {
        given(runs.create(any(), eq(Trigger.API))).willReturn(new RunService.Created(run("r1", "41"), false));

        mvc.perform(asyncDispatch(mvc.perform(post("/api/v1/runs").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"system\":\"shop\",\"workload\":\"peak\",\"environment\":\"test\",\"runId\":\"41\"}"))
                        .andExpect(request().asyncStarted()).andReturn()))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.id").value("r1"));
    }

    @Test
    void shouldRefuseARunWithoutItsSeriesAsAProblemNamingTheFields() throws Exception {
        String body = mvc.perform(post("/api/v1/runs").contentType(MediaType.APPLICATION_JSON).content("{\"runId\":\"41\"}"))
                .andExpect(status().isBadRequest())
                .andReturn().getResponse().getContentAsString();

        assertThat(body).as("RFC 9457 problem naming what is missing").contains("\"status\":400")
                .contains("system").contains("workload").contains("environment");
        verify(runs, never()).create(any(), any());
    }

    @Test
    void shouldRefuseAPageLargerThan200() throws Exception {
        mvc.perform(get("/api/v1/runs").param("limit", "500"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value("Invalid request: limit must be between 1 and 200 (was '500')"));

        verify(runs, never()).list(any(), any(), any(), any(), anyInt());
    }

    @Test
    void shouldLinkTheNextPageWhenThePageIsFull() throws Exception {
        given(runs.list("shop", null, null, null, 2)).willReturn(List.of(run("r2", "2"), run("r1", "1")));

        mvc.perform(get("/api/v1/runs").param("system", "shop").param("limit", "2"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.runs.length()").value(2))
                .andExpect(jsonPath("$.next").value("https://perfgate.example/api/v1/runs?limit=2&system=shop&before=r1"));
    }

    @Test
    void shouldAnswer404AsAProblemForAnUnknownRun() throws Exception {
        given(runs.get("nope")).willThrow(ApiException.notFound("No run with id 'nope'"));

        mvc.perform(get("/api/v1/runs/nope"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.detail").value("No run with id 'nope'"));
    }
}

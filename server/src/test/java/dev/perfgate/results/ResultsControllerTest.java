package dev.perfgate.results;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.asyncDispatch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
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
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import dev.perfgate.system.Intake;

/** The results API's mapping and its answers to bad bodies, over a mocked ResultsService (storage is ResultsApiIT's). */
@WebMvcTest(controllers = ResultsController.class)
@AutoConfigureMockMvc(addFilters = false)
@Import(Intake.class)
class ResultsControllerTest {

    @Autowired
    MockMvc mvc;
    @MockitoBean
    ResultsService results;

    @Test
    void shouldAnswerWithTheResultsAsStored() throws Exception {
        RequestStats global = new RequestStats("all", 100, 98, 2, 2.0, 5.0, 40.0, 300.0, 35.0, 45.0, 60.0, 80.0, 120.0,
                250.0, 20.5);
        given(results.attach(eq("r1"), any())).willReturn(new RunResults("r1", "perfgate-results/v1", "gatling", null,
                false, global, List.of(), Map.of("cpu_avg_pct", 51.12), List.of(), Instant.parse("2026-03-02T10:05:00Z")));

        mvc.perform(asyncDispatch(mvc.perform(post("/api/v1/runs/r1/results").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"format\":\"x\"}")).andExpect(request().asyncStarted()).andReturn()))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.global.p95Ms").value(80.0))
                .andExpect(jsonPath("$.measures.cpu_avg_pct").value(51.12));
    }

    @Test
    void shouldRefuseMalformedJsonAsAProblem() throws Exception {
        mvc.perform(post("/api/v1/runs/r1/results").contentType(MediaType.APPLICATION_JSON).content("{\"global\": "))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.status").value(400))
                .andExpect(jsonPath("$.detail").isNotEmpty());

        verifyNoInteractions(results);
    }

    @Test
    void shouldRefuseAMeasureThatIsNotANumber() throws Exception {
        mvc.perform(post("/api/v1/runs/r1/measures").contentType(MediaType.APPLICATION_JSON).content("{\"cpu\":\"high\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.status").value(400));

        verifyNoInteractions(results);
    }

    @Test
    void shouldRefuseAnotherContentTypeWith415() throws Exception {
        mvc.perform(post("/api/v1/runs/r1/results").contentType(MediaType.TEXT_PLAIN).content("p95=80"))
                .andExpect(status().isUnsupportedMediaType());

        verifyNoInteractions(results);
    }
}

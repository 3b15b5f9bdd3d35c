package dev.perfgate.demo.regression;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

@WebMvcTest(RegressionController.class)
class RegressionControllerTest {

    @Autowired
    private MockMvcTester mvc;

    @Autowired
    private RegressionSwitches switches;

    @Test
    void shouldListEveryRegressionWithItsState() {
        assertThat(mvc.get().uri("/admin/regressions")).hasStatusOk().bodyJson()
                .isStrictlyEqualTo("{\"cpu\":false,\"alloc\":false,\"lock\":true,\"buffer\":false,\"cache\":false}");
    }

    @Test
    void shouldSwitchARegressionFromAJsonBody() {
        assertThat(mvc.put().uri("/admin/regressions/cpu").contentType(MediaType.APPLICATION_JSON)
                .content("{\"enabled\": true}")).hasStatusOk().bodyJson().extractingPath("$.enabled").isEqualTo(true);

        assertThat(switches.isEnabled(Regression.CPU)).isTrue();
        switches.set(Regression.CPU, false);
    }

    @Test
    void shouldSwitchARegressionFromTheQuery() {
        assertThat(mvc.put().uri("/admin/regressions/LOCK?enabled=false")).hasStatusOk();

        assertThat(switches.isEnabled(Regression.LOCK)).isFalse();
        switches.set(Regression.LOCK, true);
    }

    @Test
    void shouldAnswerNotFoundForAnUnknownRegression() {
        assertThat(mvc.put().uri("/admin/regressions/gc?enabled=true")).hasStatus(HttpStatus.NOT_FOUND);
    }

    @Test
    void shouldAnswerBadRequestWhenTheNewStateIsMissing() {
        assertThat(mvc.put().uri("/admin/regressions/cpu")).hasStatus(HttpStatus.BAD_REQUEST);
    }

    @TestConfiguration
    static class Beans {

        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }

        @Bean
        RegressionSwitches regressionSwitches() {
            return new RegressionSwitches(List.of(Regression.LOCK));
        }
    }
}

package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import dev.perfgate.SharedServer;
import dev.perfgate.TestApi;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunStatus;

/**
 * The in-progress gauge on the embedded store: it counts the runs created and ended through the API, and drops a run
 * the store has ended without this instance announcing it (read back by id, not by scanning every run).
 */
class RunsInProgressIT extends SharedServer {

    @Autowired
    RunsInProgress inProgress;

    @Autowired
    RunRepository runs;

    @Autowired
    MeterRegistry registry;

    @Test
    void shouldCountTheRunningRunsAndDropOneEndedWithoutItsEvent() {
        assertThat(inProgress.storeOfItsOwn()).as("the shared server runs on the embedded store").isTrue();
        TestApi api = new TestApi(port, ADMIN_TOKEN);
        String system = "inprogress-" + System.nanoTime();
        String body = "{\"system\":\"%s\",\"workload\":\"peak\",\"environment\":\"test\",\"buildNumber\":\"1\"}"
                .formatted(system);
        String first = api.post("/api/v1/runs", body).text("id");
        String second = api.post("/api/v1/runs", body).text("id");
        inProgress.refresh();
        assertThat(shown(system)).isEqualTo(2);

        // ended in the store without the event this instance counts by
        runs.setStatus(second, RunStatus.COMPLETED, null);
        inProgress.refresh();
        assertThat(shown(system)).as("the second was read back by id: ended").isEqualTo(1);

        assertThat(api.post("/api/v1/runs/" + first + "/end", "{}").status()).isEqualTo(200);
        assertThat(shown(system)).as("a series with none running disappears").isNull();
        inProgress.refresh();
        assertThat(shown(system)).isNull();
    }

    private Double shown(String system) {
        Gauge gauge = registry.find("perfgate.runs.in.progress").tag("system", system).tag("trigger", "ci").gauge();
        return gauge == null ? null : gauge.value();
    }
}

package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.perfgate.system.ProcessCpu;

/**
 * A system under test of your own is measured without editing the tracked process-exporter config
 * (scripts/test-servers/process-exporter.yml, docs/own-system.md): a process started with the argument
 * {@code perfgate.group=NAME} gets the exporter's group NAME, whose CPU Prometheus then has, read with the query
 * docs/own-system.md gives.
 */
class OwnProcessGroupIT {

    @Test
    void shouldMeasureTheCpuOfAProcessStartedWithItsOwnGroupName() throws Exception {
        String group = "own-" + System.nanoTime();
        Process own = ProcessCpu.burn("perfgate.group=" + group);
        try {
            double cpu = ProcessCpu.await(
                    "sum(rate(namedprocess_namegroup_cpu_seconds_total{groupname=\"" + group + "\"}[5s])) * 100",
                    v -> v > 0, group, "the CPU of group " + group + " above 0", Duration.ofSeconds(60));

            assertThat(cpu).as("the CPU of group %s", group).isPositive();
        } finally {
            own.destroyForcibly().waitFor();
        }
    }
}

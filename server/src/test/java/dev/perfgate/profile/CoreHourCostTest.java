package dev.perfgate.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CoreHourCostTest {

    @Test
    void shouldTurnCpuSecondsPerRequestIntoYearlyCoreHours() {
        // Given 10 ms per request at 100 requests per second = 1 core busy all year
        CoreHourCost cost = new CoreHourCost(0.04, 100, "EUR");

        // When / Then
        assertThat(cost.coreHoursPerYear(0.010)).isCloseTo(8_760, within(1e-9));
        assertThat(cost.yearlyCost(0.010)).isCloseTo(350.4, within(1e-9));
    }

    @Test
    void shouldPriceSavingsAsNegativeCost() {
        assertThat(new CoreHourCost(0.04, 100, "EUR").yearlyCost(-0.005)).isCloseTo(-175.2, within(1e-9));
    }
}

package dev.perfgate.demo.regression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class RegressionSwitchesTest {

    @Test
    void shouldStartWithTheConfiguredRegressionsOnAndTheOthersOff() {
        RegressionSwitches switches = new RegressionSwitches(List.of(Regression.LOCK));

        assertThat(switches.snapshot()).containsExactly(entry(Regression.CPU, false), entry(Regression.ALLOC, false),
                entry(Regression.LOCK, true), entry(Regression.BUFFER, false), entry(Regression.CACHE, false));
    }

    @Test
    void shouldSwitchARegressionOnAndOffAtRunTime() {
        RegressionSwitches switches = new RegressionSwitches(List.of());

        switches.set(Regression.CPU, true);
        assertThat(switches.isActive(Regression.CPU)).isTrue();

        switches.set(Regression.CPU, false);
        assertThat(switches.isActive(Regression.CPU)).isFalse();
    }

    @Test
    void shouldApplyARequestOverrideOnlyToTheCurrentThreadAndOnlyInsideItsScope() throws InterruptedException {
        RegressionSwitches switches = new RegressionSwitches(List.of());
        boolean[] seenByOtherThread = new boolean[1];

        try (RegressionSwitches.Scope scope = switches.overrideForCurrentThread(Set.of(Regression.ALLOC))) {
            Thread other = new Thread(() -> seenByOtherThread[0] = switches.isActive(Regression.ALLOC));
            other.start();
            other.join();
            assertThat(switches.isActive(Regression.ALLOC)).as("inside the scope").isTrue();
            assertThat(switches.isEnabled(Regression.ALLOC)).as("the global switch").isFalse();
        }

        assertThat(seenByOtherThread[0]).as("another thread").isFalse();
        assertThat(switches.isActive(Regression.ALLOC)).as("after the scope").isFalse();
    }

    @Test
    void shouldRestoreAnOuterOverrideWhenAnInnerOneCloses() {
        RegressionSwitches switches = new RegressionSwitches(List.of());

        try (RegressionSwitches.Scope outer = switches.overrideForCurrentThread(Set.of(Regression.CPU))) {
            try (RegressionSwitches.Scope inner = switches.overrideForCurrentThread(Set.of(Regression.LOCK))) {
                assertThat(switches.isActive(Regression.CPU)).isFalse();
            }
            assertThat(switches.isActive(Regression.CPU)).isTrue();
        }
    }
}

package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.perfgate.check.GrowthHistory.Standing;
import dev.perfgate.run.RegressionReview.Decision;

class PastRunTest {

    @ParameterizedTest(name = "grew {0}, decision {1}, review {2}, run failed {3}, check failed {4}: good {5}, {6}")
    @CsvSource(nullValues = "-", value = {
            "false, -,           -,        false, false, true,  GOOD",
            "true,  significant, -,        false, false, false, REGRESSED",
            "true,  suspected,   -,        false, false, true,  SUSPECTED",
            "false, elevated,    -,        false, false, true,  ELEVATED",
            // the run FAILed on another check: this one's value still stands for its own baseline
            "false, -,           -,        true,  false, false, GOOD",
            // the check itself FAILed (its requirement): its value does not
            "false, -,           -,        true,  true,  false, REGRESSED",
            "true,  significant, ACCEPTED, true,  true,  true,  GOOD",
            "false, -,           DENIED,   false, false, false, DENIED"})
    void shouldDeriveWhetherTheRunIsGoodAndHowEachCheckStands(boolean grew, String decision, Decision review,
            boolean failed, boolean checkFailed, boolean good, Standing standing) {
        List<PastRun.Recorded> checks = List.of(new PastRun.Recorded("cpu", null, 12.5, grew, decision, checkFailed));

        PastRun past = PastRun.of("id-1", "1", review, failed, checks);

        assertThat(past.good()).isEqualTo(good);
        assertThat(past.check("cpu")).isEqualTo(new PastRun.Check(12.5, standing));
    }

    @Test
    void shouldKeepTheBaselineOfTheOtherChecksOfARunThatFailedOnOne() {
        // a new series' second run: its p99 broke the growth rule before the noise was measured (the rule alone
        // decided: FAIL), its CPU was fine
        List<PastRun.Recorded> checks = List.of(new PastRun.Recorded("p99", null, 24.0, true, "unmeasured", true),
                new PastRun.Recorded("cpu", null, 6.8, false, null, false));

        PastRun past = PastRun.of("id-2", "2", null, true, checks);

        assertThat(past.good()).as("not a profile baseline").isFalse();
        assertThat(past.check("p99").standing()).isEqualTo(Standing.REGRESSED);
        assertThat(past.check("cpu").standing()).as("the warm CPU joins the CPU median").isEqualTo(Standing.GOOD);
    }

    @Test
    void shouldKeepTheFirstValueOfAKeyAndLeaveOutChecksWithoutOne() {
        List<PastRun.Recorded> checks = List.of(
                new PastRun.Recorded("p95", "/a", 40.0, false, null),
                new PastRun.Recorded("p95", "/a", 99.0, false, null),
                new PastRun.Recorded("p95", "/b", null, false, null));

        PastRun past = PastRun.of("id-2", "2", null, false, checks);

        assertThat(past.check(PastRun.key("p95", "/a")).value()).isEqualTo(40.0);
        assertThat(past.check(PastRun.key("p95", "/b"))).isNull();
    }
}

package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.perfgate.check.GrowthHistory.Standing;
import dev.perfgate.run.RegressionReview.Decision;

class PastRunTest {

    @ParameterizedTest(name = "grew {0}, decision {1}, review {2}, failed {3}: good {4}, {5}")
    @CsvSource(nullValues = "-", value = {
            "false, -,           -,        false, true,  GOOD",
            "true,  significant, -,        false, false, REGRESSED",
            "true,  suspected,   -,        false, true,  SUSPECTED",
            "false, elevated,    -,        false, true,  ELEVATED",
            "false, -,           -,        true,  false, REGRESSED",
            "true,  significant, ACCEPTED, true,  true,  GOOD",
            "false, -,           DENIED,   false, false, DENIED"})
    void shouldDeriveWhetherTheRunIsGoodAndHowItStands(boolean grew, String decision, Decision review,
            boolean failed, boolean good, Standing standing) {
        List<PastRun.Recorded> checks = List.of(new PastRun.Recorded("cpu", null, 12.5, grew, decision));

        PastRun past = PastRun.of("id-1", "1", review, failed, checks);

        assertThat(past.good()).isEqualTo(good);
        assertThat(past.check("cpu")).isEqualTo(new PastRun.Check(12.5, standing));
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

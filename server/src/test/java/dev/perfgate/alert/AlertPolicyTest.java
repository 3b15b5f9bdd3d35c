package dev.perfgate.alert;

import static dev.perfgate.check.CheckStatus.FAIL;
import static dev.perfgate.check.CheckStatus.INCONCLUSIVE;
import static dev.perfgate.check.CheckStatus.PASS;
import static dev.perfgate.check.CheckStatus.WARN;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.perfgate.alert.AlertPolicy.Decision;
import dev.perfgate.alert.AlertPolicy.Kind;

class AlertPolicyTest {

    private static final Set<SendOn> FAIL_ONLY = EnumSet.of(SendOn.FAIL);
    private static final Set<SendOn> ALL = EnumSet.allOf(SendOn.class);

    @Test
    void shouldAlertOnAFirstFail() {
        assertThat(AlertPolicy.decide(FAIL, null, null, FAIL_ONLY)).contains(new Decision(Kind.FAIL, FAIL, null));
    }

    @Test
    void shouldAlertOnWarnAndInconclusiveOnlyWhenConfigured() {
        assertThat(AlertPolicy.decide(WARN, null, null, FAIL_ONLY)).isEmpty();
        assertThat(AlertPolicy.decide(INCONCLUSIVE, null, null, FAIL_ONLY)).isEmpty();
        assertThat(AlertPolicy.decide(WARN, null, null, ALL)).contains(new Decision(Kind.WARN, WARN, null));
        assertThat(AlertPolicy.decide(INCONCLUSIVE, null, null, ALL))
                .contains(new Decision(Kind.INCONCLUSIVE, INCONCLUSIVE, null));
    }

    @Test
    void shouldSendNothingWhenAReevaluationKeepsTheStatus() {
        assertThat(AlertPolicy.decide(FAIL, FAIL, null, ALL)).as("one message per outcome of a run").isEmpty();
    }

    @Test
    void shouldTakeBackAnAnnouncedFailWhenAReevaluationPasses() {
        assertThat(AlertPolicy.decide(PASS, FAIL, null, FAIL_ONLY)).as("even without recovery in send-on")
                .contains(new Decision(Kind.CHANGED, PASS, FAIL));
    }

    @Test
    void shouldAnnounceAFailFoundByAReevaluation() {
        assertThat(AlertPolicy.decide(FAIL, PASS, null, FAIL_ONLY)).contains(new Decision(Kind.CHANGED, FAIL, PASS));
    }

    @Test
    void shouldIgnoreChangesBetweenStatusesThatDoNotAlert() {
        assertThat(AlertPolicy.decide(WARN, PASS, null, FAIL_ONLY)).isEmpty();
    }

    @Test
    void shouldSendARecoveryForAPassAfterAFailedRunWhenConfigured() {
        assertThat(AlertPolicy.decide(PASS, null, FAIL, ALL)).contains(new Decision(Kind.RECOVERY, PASS, FAIL));
        assertThat(AlertPolicy.decide(PASS, null, FAIL, FAIL_ONLY)).isEmpty();
        assertThat(AlertPolicy.decide(PASS, null, WARN, ALL)).as("only a FAIL recovers").isEmpty();
        assertThat(AlertPolicy.decide(PASS, null, null, ALL)).as("first run of a series").isEmpty();
    }

    @Test
    void shouldLookUpThePreviousRunOnlyForAFirstPassWithRecoveryConfigured() {
        assertThat(AlertPolicy.needsPreviousRun(PASS, null, ALL)).isTrue();
        assertThat(AlertPolicy.needsPreviousRun(PASS, FAIL, ALL)).isFalse();
        assertThat(AlertPolicy.needsPreviousRun(FAIL, null, ALL)).isFalse();
        assertThat(AlertPolicy.needsPreviousRun(PASS, null, FAIL_ONLY)).isFalse();
    }
}

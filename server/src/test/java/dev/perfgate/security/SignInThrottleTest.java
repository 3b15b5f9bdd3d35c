package dev.perfgate.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.perfgate.MutableClock;

class SignInThrottleTest {

    final MutableClock clock = new MutableClock(Instant.parse("2026-11-23T10:00:00Z"));
    final SignInThrottle throttle = new SignInThrottle(
            new SignInThrottle.Policy(10, Duration.ofMinutes(1), Duration.ofSeconds(30)), clock);

    @Test
    void shouldLockAUserAfterTenFailuresWithinAMinuteWhateverTheAddress() {
        for (int i = 0; i < 9; i++) {
            throttle.failed("10.0.0." + i, "admin");
        }
        assertThat(throttle.lockedFor("10.0.1.1", "admin")).as("9 failures").isZero();

        throttle.failed("10.0.0.99", "admin");

        assertThat(throttle.lockedFor("10.0.1.1", "Admin")).as("any address, name case-blind").isEqualTo(Duration.ofSeconds(30));
        assertThat(throttle.lockedFor("10.0.1.1", "ann")).as("another user").isZero();
        clock.advance(Duration.ofSeconds(31));
        assertThat(throttle.lockedFor("10.0.1.1", "admin")).as("the lockout ends").isZero();
    }

    @Test
    void shouldLockAnAddressGuessingManyUsersOrTokens() {
        for (int i = 0; i < 10; i++) {
            throttle.failed("10.0.0.1", i % 2 == 0 ? null : "user" + i);
        }

        assertThat(throttle.lockedFor("10.0.0.1", "someone-else")).isEqualTo(Duration.ofSeconds(30));
        assertThat(throttle.lockedFor("10.0.0.2", null)).isZero();
    }

    @Test
    void shouldForgetFailuresOlderThanTheWindowAndAUsersFailuresOnSuccess() {
        for (int i = 0; i < 9; i++) {
            throttle.failed("10.0.0.1", "admin");
        }
        clock.advance(Duration.ofSeconds(61));
        throttle.failed("10.0.0.1", "admin");
        assertThat(throttle.lockedFor("10.0.0.1", "admin")).as("the earlier 9 are outside the window").isZero();

        for (int i = 0; i < 8; i++) {
            throttle.failed("10.0.0.2", "ann");
        }
        throttle.succeeded("ann");
        throttle.failed("10.0.0.3", "ann");
        assertThat(throttle.lockedFor("10.0.0.3", "ann")).isZero();
    }

    @Test
    void shouldTakeItsPolicyFromTheSignInPropertiesWithTheDocumentedDefaults() {
        new ApplicationContextRunner().withUserConfiguration(PolicyOnly.class)
                .withPropertyValues("perfgate.security.sign-in.lockout=90s")
                .run(context -> assertThat(context.getBean(SignInThrottle.Policy.class))
                        .isEqualTo(new SignInThrottle.Policy(10, Duration.ofMinutes(1), Duration.ofSeconds(90))));
    }

    @EnableConfigurationProperties(SignInThrottle.Policy.class)
    static class PolicyOnly {
    }
}

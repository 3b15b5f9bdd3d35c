package dev.perfgate.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import lombok.AccessLevel;
import lombok.RequiredArgsConstructor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.stereotype.Component;

/**
 * Slows down password and token guessing: after {@code max-failures} failed sign-ins (UI form) or bad API tokens
 * within {@code window}, from one address or for one user name, that address or user is locked for {@code lockout},
 * the right password included. Per user and per address, so neither many addresses against one user nor one
 * address against many users gets far. In memory, per instance.
 */
@Component
@RequiredArgsConstructor(access = AccessLevel.PACKAGE)
public class SignInThrottle {

    private static final Logger log = LoggerFactory.getLogger(SignInThrottle.class);
    private static final int MAX_KEYS = 100_000;

    private final Policy policy;
    private final Clock clock;
    private final Map<String, Failures> failures = new ConcurrentHashMap<>();

    /** {@code perfgate.security.sign-in.*}: {@code max-failures} within {@code window} lock for {@code lockout}. */
    @ConfigurationProperties("perfgate.security.sign-in")
    record Policy(@DefaultValue("10") int maxFailures, @DefaultValue("1m") Duration window,
            @DefaultValue("1m") Duration lockout) {
    }

    /** The default policy (10 failures a minute lock for a minute), for a context without the component (web slices). */
    public static SignInThrottle defaults() {
        return new SignInThrottle(new Policy(10, Duration.ofMinutes(1), Duration.ofMinutes(1)), Clock.systemUTC());
    }

    /** How long the address or the user (null: none given) stays locked; zero when neither is. */
    public Duration lockedFor(String address, String user) {
        Instant now = clock.instant();
        Duration byAddress = remaining(addressKey(address), now);
        Duration byUser = user == null ? Duration.ZERO : remaining(userKey(user), now);
        return byAddress.compareTo(byUser) >= 0 ? byAddress : byUser;
    }

    /** A failed sign-in from the address, for the user (null for a bad API token). */
    public void failed(String address, String user) {
        Instant now = clock.instant();
        if (failures.size() > MAX_KEYS) {
            failures.values().removeIf(f -> f.idleSince(now, policy.window().plus(policy.lockout())));
        }
        record(addressKey(address), now);
        if (user != null) {
            record(userKey(user), now);
        }
    }

    /** A successful sign-in: the user's failures are forgiven (the address's are not, it may be guessing others). */
    public void succeeded(String user) {
        if (user != null) {
            failures.remove(userKey(user));
        }
    }

    /** Forgets every failure and lockout (an operator's reset; tests). */
    void forgetAll() {
        failures.clear();
    }

    /** Seconds to wait, rounded up: for messages and Retry-After. */
    public static long seconds(Duration duration) {
        return Math.max(1, (duration.toMillis() + 999) / 1000);
    }

    private void record(String key, Instant now) {
        Failures f = failures.computeIfAbsent(key, k -> new Failures());
        if (f.add(now, policy)) {
            log.warn("Sign-in: {} locked for {} s after {} failures within {} s", key, policy.lockout().toSeconds(),
                    policy.maxFailures(), policy.window().toSeconds());
        }
    }

    private Duration remaining(String key, Instant now) {
        Failures f = failures.get(key);
        return f == null ? Duration.ZERO : f.lockedFor(now);
    }

    private static String addressKey(String address) {
        return "address " + (address == null ? "unknown" : address);
    }

    private static String userKey(String user) {
        String name = user.strip().toLowerCase(Locale.ROOT);
        return "user '" + (name.length() > 100 ? name.substring(0, 100) : name) + "'";
    }

    /** The recent failures of one key and the end of its lockout. */
    private static final class Failures {
        private final Deque<Instant> recent = new ArrayDeque<>();
        private Instant lockedUntil = Instant.MIN;

        /** True when this failure starts a lockout. */
        synchronized boolean add(Instant now, Policy policy) {
            recent.addLast(now);
            while (!recent.isEmpty() && !recent.peekFirst().isAfter(now.minus(policy.window()))) {
                recent.removeFirst();
            }
            if (recent.size() >= policy.maxFailures() && !now.isBefore(lockedUntil)) {
                lockedUntil = now.plus(policy.lockout());
                recent.clear();
                return true;
            }
            return false;
        }

        synchronized Duration lockedFor(Instant now) {
            return now.isBefore(lockedUntil) ? Duration.between(now, lockedUntil) : Duration.ZERO;
        }

        synchronized boolean idleSince(Instant now, Duration idle) {
            return lockedFor(now).isZero() && (recent.isEmpty() || recent.peekLast().isBefore(now.minus(idle)));
        }
    }
}

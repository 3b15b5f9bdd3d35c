package dev.perfgate.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Slows down password and token guessing: after {@code max-failures} failed sign-ins (UI form) or bad API tokens
 * within {@code window}, from one address or for one user name, that address or user is locked for {@code lockout},
 * the right password included. Per user and per address, so neither many addresses against one user nor one
 * address against many users gets far. In memory, per instance.
 */
@Component
public class SignInThrottle {

    private static final Logger log = LoggerFactory.getLogger(SignInThrottle.class);
    private static final int MAX_KEYS = 100_000;

    private final int maxFailures;
    private final Duration window;
    private final Duration lockout;
    private final Clock clock;
    private final Map<String, Failures> failures = new ConcurrentHashMap<>();

    SignInThrottle(@Value("${perfgate.security.sign-in.max-failures:10}") int maxFailures,
            @Value("${perfgate.security.sign-in.window:1m}") Duration window,
            @Value("${perfgate.security.sign-in.lockout:1m}") Duration lockout, Clock clock) {
        this.maxFailures = maxFailures;
        this.window = window;
        this.lockout = lockout;
        this.clock = clock;
    }

    /** The default policy (10 failures a minute lock for a minute), for a context without the component (web slices). */
    public static SignInThrottle defaults() {
        return new SignInThrottle(10, Duration.ofMinutes(1), Duration.ofMinutes(1), Clock.systemUTC());
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
            failures.values().removeIf(f -> f.idleSince(now, window.plus(lockout)));
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
        if (f.add(now, window, maxFailures, lockout)) {
            log.warn("Sign-in: {} locked for {} s after {} failures within {} s", key, lockout.toSeconds(), maxFailures,
                    window.toSeconds());
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
        synchronized boolean add(Instant now, Duration window, int max, Duration lockout) {
            recent.addLast(now);
            while (!recent.isEmpty() && !recent.peekFirst().isAfter(now.minus(window))) {
                recent.removeFirst();
            }
            if (recent.size() >= max && !now.isBefore(lockedUntil)) {
                lockedUntil = now.plus(lockout);
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

package dev.perfgate.demo.regression;

import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The run-time switches of the regressions: global ones (set by the admin API or at start-up)
 * and a per-request override (the {@code X-Regression} header).
 */
public class RegressionSwitches {

    private static final ThreadLocal<Set<Regression>> REQUEST_OVERRIDE = new ThreadLocal<>();

    private final Map<Regression, AtomicBoolean> global = new EnumMap<>(Regression.class);

    public RegressionSwitches(Collection<Regression> enabledAtStart) {
        for (Regression regression : Regression.values()) {
            global.put(regression, new AtomicBoolean(enabledAtStart.contains(regression)));
        }
    }

    /** Whether the regression applies to the current request: switched on globally or by the request's override. */
    public boolean isActive(Regression regression) {
        Set<Regression> override = REQUEST_OVERRIDE.get();
        return isEnabled(regression) || (override != null && override.contains(regression));
    }

    /** Whether the regression is switched on globally. */
    public boolean isEnabled(Regression regression) {
        return global.get(regression).get();
    }

    public void set(Regression regression, boolean enabled) {
        global.get(regression).set(enabled);
    }

    /** The global state of every regression, in declaration order. */
    public Map<Regression, Boolean> snapshot() {
        Map<Regression, Boolean> states = new EnumMap<>(Regression.class);
        global.forEach((regression, enabled) -> states.put(regression, enabled.get()));
        return states;
    }

    /**
     * Switches the given regressions on for the current thread until the returned scope is closed;
     * used with try-with-resources around one request.
     */
    public Scope overrideForCurrentThread(Set<Regression> override) {
        Set<Regression> previous = REQUEST_OVERRIDE.get();
        REQUEST_OVERRIDE.set(Set.copyOf(override));
        return () -> {
            if (previous == null) {
                REQUEST_OVERRIDE.remove();
            } else {
                REQUEST_OVERRIDE.set(previous);
            }
        };
    }

    /** An open per-thread override; closing it restores what was there before. */
    public interface Scope extends AutoCloseable {

        @Override
        void close();
    }
}

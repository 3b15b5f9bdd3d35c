package dev.perfgate.profile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

import lombok.AccessLevel;
import lombok.RequiredArgsConstructor;

/**
 * Names growth that no single function explains: when a regression spreads its cost over many frames of a library
 * (every page through Hibernate), each function grows by a few samples, none beyond noise, and the functions that
 * "grew" are noise. This aggregates self by package (the first two segments of the frame: {@code org/hibernate}),
 * tests each package's growth as {@link ProfileDiff} tests a function's (corrected for testing every package), and
 * ties it to the application frame it is entered from. When neither a function nor a package explains
 * {@link #MEANINGFUL_SHARE} of the growth per request, it says the growth is spread. Pure.
 */
@RequiredArgsConstructor(access = AccessLevel.PRIVATE)
public final class GrowthAttribution {

    /** The part of the whole growth (percent) a function or package must explain to be named. */
    static final double MEANINGFUL_SHARE = 10.0;
    private static final int SEGMENTS = 2;
    /** The package of a frame without a name. */
    static final String UNNAMED = "(unnamed)";
    /** Where the self of stacks without any application frame goes (idle JVM threads, the JIT): never named. */
    private static final String RUNTIME = "[runtime]";

    /** A package that grew beyond noise, and where the growth came in. */
    public record Culprit(String pkg, FunctionChange change, String entryPoint) {
    }

    private final List<Culprit> culprits;
    private final List<String> lines;

    /**
     * @param application the application's own frames (e.g. {@code com/acme/}), for the entry point: the innermost
     *                    such frame outside the package on the stacks through it
     */
    public static GrowthAttribution of(Profile baseline, Workload baselineLoad, Profile run, Workload runLoad,
                                       Predicate<String> application, ProfileType type, int n) {
        Map<String, Map<String, Long>> runEntries = new HashMap<>();
        Profile basePackages = byPackage(baseline, application, new HashMap<>());
        Profile runPackages = byPackage(run, application, runEntries);
        ProfileDiff packages = ProfileDiff.between(basePackages, baselineLoad, runPackages, runLoad).corrected();
        ProfileDiff functions = ProfileDiff.between(baseline, baselineLoad, run, runLoad);
        double growth = run.quantity().amount(run.numTicks()) / Math.max(1, runLoad.requests())
                - baseline.quantity().amount(baseline.numTicks()) / Math.max(1, baselineLoad.requests());
        List<Culprit> culprits = new ArrayList<>();
        for (FunctionChange change : packages.grown(n)) {
            double explained = change.selfPerRequestDelta().orElse(0);
            if (growth > 0 && explained >= growth * MEANINGFUL_SHARE / 100) {
                culprits.add(new Culprit(change.name(), change, top(runEntries.get(change.name()))));
            }
        }
        List<String> lines = new ArrayList<>();
        for (Culprit culprit : culprits) {
            lines.add(line(culprit, type, run.quantity()));
        }
        boolean functionExplains = functions.grown(1).stream()
                .anyMatch(c -> growth > 0 && c.selfPerRequestDelta().orElse(0) >= growth * MEANINGFUL_SHARE / 100);
        if (culprits.isEmpty() && !functionExplains && growth > 0 && runLoad.requests() > 0) {
            lines.add(String.format(Locale.US, "spread: no function or package explains more than %.0f %% of the %s "
                    + "per request", MEANINGFUL_SHARE, ProfileWording.signed(growth, run.quantity().measure())));
        }
        return new GrowthAttribution(List.copyOf(culprits), List.copyOf(lines));
    }

    /** The packages named, largest growth first. */
    public List<Culprit> culprits() {
        return culprits;
    }

    /** "org/hibernate self CPU 2.0 % → 31.0 % (+1,450 samples, +2.4 ms per request, 14.2×), entered from …", or "spread: …". */
    public List<String> lines() {
        return lines;
    }

    private static String line(Culprit culprit, ProfileType type, Quantity quantity) {
        FunctionChange change = culprit.change();
        String line = ProfileWording.line(change, type, quantity);
        double before = change.baseline().selfPerRequest().orElse(change.baseline().self());
        double after = change.run().selfPerRequest().orElse(change.run().self());
        String factor = before > 0 ? String.format(Locale.US, ", %.1f×", after / before) : "";
        line = line.substring(0, line.length() - 1) + factor + ")";
        return culprit.entryPoint() == null ? line : line + ", entered from " + culprit.entryPoint();
    }

    private static String top(Map<String, Long> entries) {
        if (entries == null || entries.isEmpty()) {
            return null;
        }
        return entries.entrySet().stream()
                .max(Map.Entry.<String, Long>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .map(Map.Entry::getKey).orElse(null);
    }

    /**
     * A profile with one "function" per package: each node's self counts for the package of the innermost
     * non-runtime frame on its stack (a JDK frame's self is its caller's), and the entry point per package is noted.
     */
    private static Profile byPackage(Profile profile, Predicate<String> application,
                                     Map<String, Map<String, Long>> entries) {
        Map<String, Long> self = new HashMap<>();
        profile.root().ifPresent(root -> {
            for (Frame child : root.children()) {
                walk(child, new ArrayList<>(), self, entries, application);
            }
        });
        StringBuilder folded = new StringBuilder();
        self.forEach((pkg, value) -> {
            if (value > 0) {
                folded.append(pkg.replace(';', '_').replaceAll("\\s", "_")).append(' ').append(value).append('\n');
            }
        });
        return Profile.fromFolded(folded.toString(), profile.quantity());
    }

    private static void walk(Frame frame, List<String> path, Map<String, Long> self,
                             Map<String, Map<String, Long>> entries, Predicate<String> application) {
        path.add(frame.name());
        if (frame.self() > 0) {
            String owner = null;
            for (int i = path.size() - 1; i >= 0 && owner == null; i--) {
                if (!RuntimeFrames.isRuntime(path.get(i))) {
                    owner = path.get(i);
                }
            }
            String pkg = owner == null ? RUNTIME : pkg(owner);
            self.merge(pkg, frame.self(), Long::sum);
            for (int i = path.size() - 1; i >= 0; i--) {
                String name = path.get(i);
                if (application.test(name) && !pkg(name).equals(pkg)) {
                    entries.computeIfAbsent(pkg, k -> new HashMap<>()).merge(name, frame.self(), Long::sum);
                    break;
                }
            }
        }
        for (Frame child : frame.children()) {
            walk(child, path, self, entries, application);
        }
        path.remove(path.size() - 1);
    }

    /** {@code org/hibernate} of {@code org/hibernate/engine/Loader.load} (or of {@code org.hibernate.…}). */
    static String pkg(String frame) {
        // a real agent's profile has frames such as "" or ".": they make no package of their own, and their name
        // must not leave an empty line in the folded profile below
        String[] parts = Arrays.stream(frame.replace('.', '/').split("/")).filter(part -> !part.isBlank())
                .map(part -> part.strip().replaceAll("[\\s;]", "_")).toArray(String[]::new);
        if (parts.length == 0) {
            return UNNAMED;
        }
        return parts.length <= SEGMENTS ? parts[0] : parts[0] + "/" + parts[1];
    }
}

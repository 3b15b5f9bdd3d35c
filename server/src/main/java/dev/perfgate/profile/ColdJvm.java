package dev.perfgate.profile;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Tells a CPU profile of a JVM still warming up: a large share of its samples in the JIT compilers, the interpreter
 * and class loading (or the application's start-up), more than in the baseline run. A run after a restart spends
 * its first minute compiling: its CPU grew and its "functions that grew" are JIT noise, not a culprit. Pure.
 */
public final class ColdJvm {

    /**
     * A run is cold when at least this share (percent) of its CPU samples is warm-up work… (Measured with the
     * Pyroscope agent 0.12.2, itimer, on a small JVM program: 8.7 % in its first 10 s, 4.4 % over its 40 s, 0.4 %
     * from 25 s on; a Spring Boot application compiles for far longer after its start.)
     */
    static final double COLD_SHARE = 5.0;
    /** …and, with a baseline, at least this many points more than the baseline's… */
    static final double COLD_GROWTH = 3.0;
    /**
     * …and at least this many times the baseline's share (a JVM after its start read 8.7 % against 0.4 %, itimer
     * above). Only for profiles of CPU time: a profile derived from wall clock samples threads that wait for a core
     * too, and warm demo JVMs read up to 2.4 times their baseline's share there; a gate on such profiles is not judged
     * by this rule (see {@code ProfileEvidence.sampledFromWallClock}) but by its process start.
     */
    static final double COLD_RATIO = 2.0;

    /**
     * Frames of warm-up work, as async-profiler and the JVM name them (classic or Grafana spelling): compiling, not a
     * compiler thread's loop, which a wall-clock profile samples while it waits for work.
     */
    private static final List<String> WARM_UP_FRAMES = List.of("CompileBroker::invoke_compiler_on_method",
            "C2Compiler::", "C1Compiler::", "Compile::", "Compilation::", "InterpreterRuntime::", "SystemDictionary::",
            "ClassFileParser::", "JVM_DefineClass", "LinkResolver::", "java/lang/ClassLoader.loadClass",
            "java/lang/ClassLoader.defineClass", "jdk/internal/loader/BuiltinClassLoader.loadClass",
            "org/springframework/boot/SpringApplication.run");

    private ColdJvm() {
    }

    /** Whether a frame is warm-up work: the JIT, the interpreter, class loading, the application's start-up. */
    static boolean isWarmUp(String frame) {
        String name = frame.replace('.', '/');
        if (name.equals("Interpreter") || name.equals("/Interpreter") || name.equals("[Interpreter]")) {
            return true;
        }
        for (String marker : WARM_UP_FRAMES) {
            if (frame.contains(marker) || name.contains(marker.replace('.', '/'))) {
                return true;
            }
        }
        return false;
    }

    /** The share (percent) of the profile in stacks through warm-up frames. */
    public static double warmUpShare(Profile profile) {
        return profile.numTicks() == 0 ? 0 : 100.0 * profile.totalThrough(ColdJvm::isWarmUp) / profile.numTicks();
    }

    /**
     * Why the run's JVM was not at its steady state, with the numbers, or empty when it was. {@code baseline} may be
     * null (first run): then the share alone decides.
     */
    public static Optional<String> assess(Profile run, Profile baseline) {
        double share = warmUpShare(run);
        if (share < COLD_SHARE) {
            return Optional.empty();
        }
        if (baseline == null) {
            return Optional.of(String.format(Locale.US, "the JVM was still warming up: %.1f %% of the CPU samples in JIT "
                    + "compiler, interpreter and class-loading frames (%.0f %% or more is warm-up)", share, COLD_SHARE));
        }
        double before = warmUpShare(baseline);
        if (share - before < COLD_GROWTH || share < COLD_RATIO * before) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.US, "the JVM was still warming up: %.1f %% of the CPU samples in JIT "
                + "compiler, interpreter and class-loading frames, %.1f %% in the baseline run", share, before));
    }
}

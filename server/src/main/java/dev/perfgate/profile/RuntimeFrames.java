package dev.perfgate.profile;

import java.util.List;

/**
 * Tells runtime frames (the JDK, the JVM, native libraries and the kernel) from application frames, in the frame
 * names of both dialects: classic Pyroscope's {@code java/lang/Thread.sleep}, {@code libc.so.6.__futex_abstimed_wait},
 * {@code libjvm.so.ObjectMonitor::enter}, and Grafana's {@code java.lang.Thread.sleep}. Frameworks (Spring, Tomcat,
 * Netty) count as application frames: their code is on the request path and can be changed by configuration.
 */
final class RuntimeFrames {

    private static final List<String> JAVA_RUNTIME = List.of("java/", "javax/", "jdk/", "sun/", "com/sun/",
            "java.", "javax.", "jdk.", "sun.", "com.sun.");

    private RuntimeFrames() {
    }

    static boolean isRuntime(String frame) {
        if (frame == null || frame.isEmpty()) {
            return false;
        }
        if (frame.startsWith("[")) { // [unknown], [vdso], [kernel.kallsyms]
            return true;
        }
        for (String prefix : JAVA_RUNTIME) {
            if (frame.startsWith(prefix)) {
                return true;
            }
        }
        // native code: libc.so.6.poll, libjvm.so.G1ParScanThreadState::trim_queue, __GI___clone3, JVM C++ methods, the
        // kernel's vDSO (vdso.__vdso_clock_gettime: System.nanoTime and currentTimeMillis)
        return frame.contains(".so.") || frame.contains(".so ") || frame.endsWith(".so") || frame.contains("::")
                || frame.startsWith("__") || frame.startsWith("_ZN") || frame.startsWith("vdso.")
                || frame.startsWith("linux-vdso");
    }
}

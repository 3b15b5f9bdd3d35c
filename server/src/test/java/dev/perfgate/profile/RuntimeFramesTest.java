package dev.perfgate.profile;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RuntimeFramesTest {

    @ParameterizedTest
    @ValueSource(strings = {"java/lang/Thread.sleep", "java.lang.Thread.sleep", "jdk/internal/misc/Unsafe.park",
            "sun/nio/ch/EPoll.wait", "com/sun/net/httpserver/HttpServer.start", "javax/crypto/Cipher.doFinal",
            "libc.so.6.__futex_abstimed_wait_common", "libjvm.so.ObjectMonitor::enter", "[unknown]",
            "vdso.__vdso_clock_gettime", "linux-vdso.so.1.__vdso_gettimeofday",
            "__GI___clone3", "G1ParScanThreadState::trim_queue"})
    void shouldTreatJdkJvmAndNativeFramesAsRuntime(String frame) {
        assertThat(RuntimeFrames.isRuntime(frame)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev/perfgate/demo/matrix/MatrixCalculator.multiply",
            "dev.perfgate.demo.matrix.MatrixCalculator.multiply", "org/apache/tomcat/util/threads/TaskQueue.take",
            "org/springframework/web/servlet/DispatcherServlet.doDispatch", "other", "javalin/Handler.handle",
            "sunrise/Clock.tick"})
    void shouldTreatApplicationAndFrameworkFramesAsApplication(String frame) {
        assertThat(RuntimeFrames.isRuntime(frame)).isFalse();
    }
}

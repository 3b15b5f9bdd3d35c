package dev.perfgate.profile;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ColdJvmTest {

    private static final Profile WARM = Profile.fromFolded("""
            java/lang/Thread.run;com/acme/Controller.serve;com/acme/Matrix.multiply 900
            libjvm.so.thread_native_entry;libjvm.so.CompileBroker::compiler_thread_loop;libjvm.so.C2Compiler::compile_method 20
            Interpreter 10
            """, Quantity.samples(100));
    private static final Profile COLD = Profile.fromFolded("""
            java/lang/Thread.run;com/acme/Controller.serve;com/acme/Matrix.multiply 900
            libjvm.so.thread_native_entry;libjvm.so.CompileBroker::compiler_thread_loop;libjvm.so.C2Compiler::compile_method 250
            java/lang/Thread.run;com/acme/Controller.serve;Interpreter 60
            java/lang/Thread.run;java/lang/ClassLoader.loadClass;jdk/internal/loader/BuiltinClassLoader.loadClass 40
            """, Quantity.samples(100));

    @Test
    void shouldCallARunColdWhenItsCpuGoesToTheJitAndClassLoadingFarMoreThanTheBaselines() {
        // Given / When
        var cold = ColdJvm.assess(COLD, WARM);

        // Then: (250 + 60 + 40) of 1,250 samples
        assertThat(cold).hasValueSatisfying(reason -> assertThat(reason)
                .contains("still warming up").contains("28.0 %").contains("3.2 % in the baseline run"));
    }

    @Test
    void shouldCallAWarmRunWarm() {
        // Given / When / Then
        assertThat(ColdJvm.assess(WARM, COLD)).isEmpty();
        assertThat(ColdJvm.assess(WARM, null)).isEmpty();
        assertThat(ColdJvm.warmUpShare(WARM)).isCloseTo(100.0 * 30 / 930, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void shouldNotCallARunColdWhoseBaselineSpentAsMuchOnTheJit() {
        // Given a system that always compiles a lot (both at 28 %)
        // When / Then
        assertThat(ColdJvm.assess(COLD, COLD)).isEmpty();
    }

    @Test
    void shouldNotCallAWarmWallClockProfileColdForItsIdleCompilerThreads() {
        // Given wall-clock profiles of a warm JVM (the demo's: 28.7 % against 23.9 % in the baseline, by the markers
        // before idle compiler threads were left out): compiler threads waiting for work, interpreted frames of
        // threads that sleep, a little more of it in the run
        Profile baseline = Profile.fromFolded("""
                libjvm.so.Thread::call_run;libjvm.so.CompileBroker::compiler_thread_loop;libjvm.so.CompileQueue::get;libjvm.so.Monitor::wait 150
                java/lang/Thread.run;.Interpreter;java/lang/Thread.sleep 89
                java/lang/Thread.run;com/acme/Service.handle 761
                """, Quantity.samples(100));
        Profile run = Profile.fromFolded("""
                libjvm.so.Thread::call_run;libjvm.so.CompileBroker::compiler_thread_loop;libjvm.so.CompileQueue::get;libjvm.so.Monitor::wait 170
                java/lang/Thread.run;.Interpreter;java/lang/Thread.sleep 117
                java/lang/Thread.run;com/acme/Service.handle 713
                """, Quantity.samples(100));

        // When / Then: the idle compiler threads are not warm-up work, and 11.7 % against 8.9 % is not twice as much
        assertThat(ColdJvm.isWarmUp("libjvm.so.CompileBroker::compiler_thread_loop")).isFalse();
        assertThat(ColdJvm.warmUpShare(run)).isCloseTo(11.7, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(ColdJvm.assess(run, baseline)).isEmpty();
    }

    @Test
    void shouldKnowTheFrameNamesTheAgentSendsForTheJitAndClassLoading() {
        // Given frame names as Pyroscope returned them for a JVM profiled by the agent 0.12.2 (itimer) in its first 10 s
        // When / Then
        assertThat(java.util.List.of("libjvm.so.Compile::Compile", "libjvm.so.CompileBroker::invoke_compiler_on_method",
                "libjvm.so.C2Compiler::compile_method", "libjvm.so.ClassFileParser::parse_stream",
                "jdk/internal/loader/BuiltinClassLoader.loadClass", "java/lang/ClassLoader.defineClass1",
                "libjvm.so.LinkResolver::resolve_special_call_or_null", ".Interpreter"))
                .allMatch(ColdJvm::isWarmUp);
        assertThat(java.util.List.of("java/util/regex/Pattern.compile", "java/text/DecimalFormatSymbols.initialize",
                ".itable stub", "com/acme/ClassLoaderFactory.create"))
                .noneMatch(ColdJvm::isWarmUp);
    }

    @Test
    void shouldNotTakeAnApplicationsOwnInterpreterForTheJvms() {
        // Given
        Profile app = Profile.fromFolded("java/lang/Thread.run;com/acme/ExpressionInterpreter.eval 900\nmain;other 100",
                Quantity.samples(100));

        // When / Then
        assertThat(ColdJvm.warmUpShare(app)).isZero();
    }
}

package dev.perfgate;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Conditional;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The server's feature packages ({@code dev.perfgate.<feature>}) and the direction they depend in:
 * <pre>
 *   web ──► trigger ──► check ──► results ──► run ──► system
 *   alert ──► ops ──► check ──► profile          security ──► system
 * </pre>
 * The pages ({@code web}) sit on top and nothing depends on them; {@code system} (errors, store, outbound HTTP) and
 * {@code profile} (decoding and diffing profiles) depend on no feature. A cycle between features fails the build.
 */
class ArchitectureTest {

    private static final String[] FEATURES = {"dev.perfgate.run..", "dev.perfgate.results..", "dev.perfgate.check..",
            "dev.perfgate.profile..", "dev.perfgate.alert..", "dev.perfgate.trigger..", "dev.perfgate.web..",
            "dev.perfgate.ops..", "dev.perfgate.security.."};

    private static final JavaClasses SERVER = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            // not the code Spring AOT generates into target/classes when the jar is built (bean definitions that
            // name every bean, proxies): a build before these tests leaves it there
            .withImportOption(location -> !location.contains("__") && !location.contains("$$SpringCGLIB$$"))
            .importPackages("dev.perfgate");

    @Test
    void shouldKeepFeaturePackagesFreeOfCycles() {
        freeOfCycles("dev.perfgate").check(SERVER);
    }

    @Test
    void shouldFailTheCycleRuleOnANewCycle() {
        // two test-only packages that call each other (archfixture.a and .b), under the same rule
        JavaClasses cyclic = new ClassFileImporter().importPackages("dev.perfgate.archfixture");

        assertThatThrownBy(() -> freeOfCycles("dev.perfgate.archfixture").check(cyclic))
                .isInstanceOf(AssertionError.class)
                .hasMessageContainingAll("should be free of cycles' was violated", "Cycle detected: Slice a",
                        "Dependencies of Slice a", "Dependencies of Slice b");
    }

    @Test
    void shouldLetNothingDependOnThePages() {
        noClasses().that().resideOutsideOfPackage("dev.perfgate.web..")
                .should().dependOnClassesThat().resideInAPackage("dev.perfgate.web..")
                .check(SERVER);
    }

    @Test
    void shouldKeepSystemFreeOfFeatures() {
        noClasses().that().resideInAPackage("dev.perfgate.system..")
                .should().dependOnClassesThat().resideInAnyPackage(FEATURES)
                .check(SERVER);
    }

    @Test
    void shouldKeepProfileAnalysisFreeOfOtherFeatures() {
        noClasses().that().resideInAPackage("dev.perfgate.profile..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        Arrays.stream(FEATURES).filter(f -> !f.equals("dev.perfgate.profile..")).toArray(String[]::new))
                .check(SERVER);
    }

    /**
     * The launchers start PerfGate with Spring AOT, whose bean definitions are fixed when the jar is built: a bean
     * chosen by a condition ({@code @ConditionalOnProperty}, {@code @Profile}, ...) would keep the build's choice at
     * every start. PerfGate decides inside its beans instead (docs/operations.md#start-up).
     */
    @Test
    void shouldChooseNoBeanByACondition() {
        noClasses().should().beMetaAnnotatedWith(Conditional.class).check(SERVER);
        noMethods().should().beMetaAnnotatedWith(Conditional.class).check(SERVER);
    }

    /** The packages directly under {@code root}, each with its subpackages, depend on each other without a cycle. */
    private static ArchRule freeOfCycles(String root) {
        return slices().matching(root + ".(*)..").should().beFreeOfCycles();
    }
}

package dev.perfgate.demo.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class MatrixCalculatorTest {

    private final MatrixCalculator fixed = new MatrixCalculator(() -> false);
    private final MatrixCalculator wasteful = new MatrixCalculator(() -> true);

    @Test
    void shouldGiveTheSameProductOnTheWastefulPathAsOnTheFixedOne() {
        double[][] a = Matrices.random(17, 1);
        double[][] b = Matrices.random(17, 2);

        double[][] expected = fixed.multiply(a, b);

        assertThat(wasteful.multiply(a, b)).isDeepEqualTo(expected);
    }

    @Test
    void shouldShortCutTheIdentityToACopyOfTheLeftMatrix() {
        double[][] a = Matrices.random(9, 3);

        double[][] product = fixed.multiply(a, Matrices.identity(9));

        assertThat(product).as("a × I").isDeepEqualTo(a).isNotSameAs(a);
        assertThat(wasteful.multiply(a, Matrices.identity(9))).as("wasteful a × I").isDeepEqualTo(a);
    }

    @Test
    void shouldMultiplyNonSquareMatricesByTheTextbookRule() {
        double[][] a = {{1, 2, 3}, {4, 5, 6}};
        double[][] b = {{7, 8}, {9, 10}, {11, 12}};

        assertThat(fixed.multiply(a, b)).isDeepEqualTo(new double[][] {{58, 64}, {139, 154}});
        assertThat(wasteful.multiply(a, b)).isDeepEqualTo(new double[][] {{58, 64}, {139, 154}});
    }

    @Test
    void shouldSpendAtLeastTheCpuBudgetPerCallOnTheWastefulPath() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        MatrixCalculator budgeted = new MatrixCalculator(() -> true, Duration.ofMillis(40));
        double[][] a = Matrices.random(8, 1);
        double[][] b = Matrices.random(8, 2);

        long before = threads.getCurrentThreadCpuTime();
        double[][] product = budgeted.multiply(a, b);
        long spent = threads.getCurrentThreadCpuTime() - before;

        assertThat(product).isDeepEqualTo(fixed.multiply(a, b));
        assertThat(Duration.ofNanos(spent)).as("an 8x8 product takes microseconds; the budget makes it 40 ms")
                .isGreaterThanOrEqualTo(Duration.ofMillis(40));
    }

    @Test
    void shouldRejectMatricesThatDoNotConform() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> fixed.multiply(new double[2][3], new double[2][3]))
                .withMessage("cannot multiply 2x3 by 2x3");
    }

    @Test
    void shouldAskTheSwitchOnEveryCallSoThatItCanChangeAtRunTime() {
        AtomicInteger asked = new AtomicInteger();
        MatrixCalculator calculator = new MatrixCalculator(() -> asked.incrementAndGet() % 2 == 0);

        calculator.multiply(Matrices.identity(2), Matrices.identity(2));
        calculator.multiply(Matrices.identity(2), Matrices.identity(2));

        assertThat(asked).hasValue(2);
    }
}

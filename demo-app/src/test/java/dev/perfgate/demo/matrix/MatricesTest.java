package dev.perfgate.demo.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MatricesTest {

    @Test
    void shouldRecogniseOnlyTheIdentity() {
        double[][] almost = Matrices.identity(4);
        almost[3][2] = 1e-9;

        assertThat(Matrices.isIdentity(Matrices.identity(4))).isTrue();
        assertThat(Matrices.isIdentity(almost)).isFalse();
        assertThat(Matrices.isIdentity(new double[][] {{1, 0}})).as("not square").isFalse();
    }

    @Test
    void shouldBuildTheSameRandomMatrixForTheSameSeed() {
        assertThat(Matrices.random(5, 7)).isDeepEqualTo(Matrices.random(5, 7));
        assertThat(Matrices.random(5, 7)).isNotEqualTo(Matrices.random(5, 8));
    }

    @Test
    void shouldSumAndTraceAMatrix() {
        double[][] matrix = {{1, 2}, {3, 4}};

        assertThat(Matrices.sum(matrix)).isEqualTo(10);
        assertThat(Matrices.trace(matrix)).isEqualTo(5);
    }
}

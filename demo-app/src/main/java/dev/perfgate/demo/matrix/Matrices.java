package dev.perfgate.demo.matrix;

import java.util.SplittableRandom;

/** Builds and inspects the square matrices the endpoint multiplies. */
final class Matrices {

    private Matrices() {
    }

    /** A size × size matrix of values in [-1, 1), the same for the same seed. */
    static double[][] random(int size, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] matrix = new double[size][size];
        for (double[] row : matrix) {
            for (int j = 0; j < size; j++) {
                row[j] = random.nextDouble(-1, 1);
            }
        }
        return matrix;
    }

    static double[][] identity(int size) {
        double[][] matrix = new double[size][size];
        for (int i = 0; i < size; i++) {
            matrix[i][i] = 1;
        }
        return matrix;
    }

    static boolean isIdentity(double[][] matrix) {
        int size = matrix.length;
        for (int i = 0; i < size; i++) {
            if (matrix[i].length != size) {
                return false;
            }
            for (int j = 0; j < size; j++) {
                if (matrix[i][j] != (i == j ? 1 : 0)) {
                    return false;
                }
            }
        }
        return true;
    }

    static double sum(double[][] matrix) {
        double sum = 0;
        for (double[] row : matrix) {
            for (double value : row) {
                sum += value;
            }
        }
        return sum;
    }

    static double trace(double[][] matrix) {
        double trace = 0;
        for (int i = 0; i < Math.min(matrix.length, matrix[0].length); i++) {
            trace += matrix[i][i];
        }
        return trace;
    }
}

package dev.perfgate.demo.matrix;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Multiplies matrices. With the {@code cpu} regression on it takes Perfana Afterburner's wasteful path, whose
 * work sits in {@link #multiply} itself so that CPU profiles name this method as the hotspot.
 */
public class MatrixCalculator {

    /** How often the wasteful path recomputes the whole product "to be sure it is stable", at least. */
    static final int VERIFY_ROUNDS = 15;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final BooleanSupplier wasteful;
    private final long verifyCpuNanos;

    /** @param wasteful asked once per call whether to take the regression's path */
    public MatrixCalculator(BooleanSupplier wasteful) {
        this(wasteful, Duration.ZERO);
    }

    /**
     * @param wasteful  asked once per call whether to take the regression's path
     * @param verifyCpu the wasteful path keeps recomputing until its thread has spent this much CPU in the call
     *                  (after {@link #VERIFY_ROUNDS} rounds), so the regression costs the same CPU time per call
     *                  on a fast and on a slow machine; zero: {@link #VERIFY_ROUNDS} rounds only
     */
    public MatrixCalculator(BooleanSupplier wasteful, Duration verifyCpu) {
        this.wasteful = wasteful;
        this.verifyCpuNanos = THREADS.isCurrentThreadCpuTimeSupported() ? verifyCpu.toNanos() : 0;
    }

    /** The product {@code a × b}; both paths give bit-identical results. */
    public double[][] multiply(double[][] a, double[][] b) {
        int rows = a.length;
        int inner = b.length;
        int columns = b[0].length;
        if (a[0].length != inner) {
            throw new IllegalArgumentException(
                    "cannot multiply " + rows + "x" + a[0].length + " by " + inner + "x" + columns);
        }
        double[][] product = new double[rows][columns];
        if (wasteful.getAsBoolean()) {
            // The regression, kept inline on purpose: no identity short-cut, a strided column walk for every
            // cell, and the whole product recomputed VERIFY_ROUNDS times, then until the CPU budget is spent.
            long start = verifyCpuNanos > 0 ? THREADS.getCurrentThreadCpuTime() : 0;
            for (int round = 0; round < VERIFY_ROUNDS
                    || verifyCpuNanos > 0 && THREADS.getCurrentThreadCpuTime() - start < verifyCpuNanos; round++) {
                for (int j = 0; j < columns; j++) {
                    for (int i = 0; i < rows; i++) {
                        double sum = 0;
                        for (int k = 0; k < inner; k++) {
                            sum += a[i][k] * b[k][j];
                        }
                        product[i][j] = sum;
                    }
                }
            }
            return product;
        }
        if (Matrices.isIdentity(b)) {
            // Afterburner's featureToggleIdentityMatrix fix: a × I = a, no arithmetic needed.
            for (int i = 0; i < rows; i++) {
                System.arraycopy(a[i], 0, product[i], 0, columns);
            }
            return product;
        }
        // Row-major i-k-j order: both inner accesses walk memory sequentially. The additions per cell happen in
        // the same k order as on the wasteful path, so the results agree bit for bit.
        for (int i = 0; i < rows; i++) {
            double[] productRow = product[i];
            for (int k = 0; k < inner; k++) {
                double aik = a[i][k];
                double[] bRow = b[k];
                for (int j = 0; j < columns; j++) {
                    productRow[j] += aik * bRow[j];
                }
            }
        }
        return product;
    }
}

package dev.perfgate.demo.matrix;

import lombok.RequiredArgsConstructor;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfgate.demo.RequestParams;

/** {@code GET /api/matrix?size=N}: multiplies a random N × N matrix by the identity, as Afterburner does. */
@RestController
@RequiredArgsConstructor
class MatrixController {

    /** Keeps one wasteful request well under a second on a small machine. */
    static final int MAX_SIZE = 300;

    private final MatrixCalculator calculator;

    @GetMapping("/api/matrix")
    MatrixResult multiply(@RequestParam(defaultValue = "60") int size) {
        RequestParams.requireInRange("size", size, 1, MAX_SIZE);
        double[][] product = calculator.multiply(Matrices.random(size, size), Matrices.identity(size));
        return new MatrixResult(size, Matrices.sum(product), Matrices.trace(product));
    }

    /** A summary of the product; the whole matrix would make the endpoint a JSON benchmark. */
    record MatrixResult(int size, double sum, double trace) {
    }
}

package dev.perfgate.demo.matrix;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** {@code GET /api/matrix?size=N}: multiplies a random N × N matrix by the identity, as Afterburner does. */
@RestController
class MatrixController {

    /** Keeps one wasteful request well under a second on a small machine. */
    static final int MAX_SIZE = 300;

    private final MatrixCalculator calculator;

    MatrixController(MatrixCalculator calculator) {
        this.calculator = calculator;
    }

    @GetMapping("/api/matrix")
    MatrixResult multiply(@RequestParam(defaultValue = "60") int size) {
        if (size < 1 || size > MAX_SIZE) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "size must be 1.." + MAX_SIZE);
        }
        double[][] product = calculator.multiply(Matrices.random(size, size), Matrices.identity(size));
        return new MatrixResult(size, Matrices.sum(product), Matrices.trace(product));
    }

    /** A summary of the product; the whole matrix would make the endpoint a JSON benchmark. */
    record MatrixResult(int size, double sum, double trace) {
    }
}

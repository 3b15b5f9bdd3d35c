package dev.perfgate;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** PerfGate: records load-test runs, judges them against checks and explains failures. */
@SpringBootApplication
public class PerfGateApplication {

    public static void main(String[] args) {
        SpringApplication.run(PerfGateApplication.class, args);
    }
}

package dev.perfgate;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.scheduling.annotation.EnableScheduling;

/** PerfGate: records load-test runs, judges them against checks and explains failures. */
@SpringBootApplication
@EnableScheduling
public class PerfGateApplication {

    public static void main(String[] args) {
        SpringApplication.run(PerfGateApplication.class, args);
    }
}

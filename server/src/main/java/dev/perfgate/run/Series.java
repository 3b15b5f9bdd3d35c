package dev.perfgate.run;

/** A series of runs: one system under test, one workload, one test environment (Perfana's terms). */
public record Series(String system, String workload, String environment) {

    @Override
    public String toString() {
        return system + "/" + workload + "/" + environment;
    }
}

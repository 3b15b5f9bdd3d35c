package dev.perfgate.trigger;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GatlingConsoleTest {

    /** One periodic summary as Gatling 3.15's ConsoleSummary prints it (120 columns). */
    static final String SUMMARY = """
            ========================================================================================================================
            2026-03-02 12:00:05 GMT                                                                                      5s elapsed
            ---- Requests ------------------------------------------------------------------|---Total---|-----OK----|----KO----
            > Global                                                                        |     1,227 |     1,220 |         7
            > matrix                                                                        |       310 |       310 |         0
            ---- Errors ------------------------------------------------------------------------------------------------------------
            > status.find.in(200,201,202,203,204,205,206,207,208,209,304), but actually       7 (100.0%)
            ---- smoke -------------------------------------------------------------------------------------------------------------
            [##########################################################################||||||                                   ]  62%
                      waiting:        38 / active:         6  / done:        62
            ========================================================================================================================
            """;

    @Test
    void shouldReadElapsedSecondsRequestsAndErrorsFromThePeriodicSummary() {
        GatlingConsole console = new GatlingConsole();

        SUMMARY.lines().forEach(console::accept);

        assertThat(console.elapsedSeconds()).isEqualTo(5);
        assertThat(console.requests()).as("global total, thousands grouped").isEqualTo(1227);
        assertThat(console.errors()).as("global KO").isEqualTo(7);
    }

    @Test
    void shouldIgnoreTheCountersOfSingleRequestsAndOtherOutput() {
        GatlingConsole console = new GatlingConsole();

        assertThat(console.accept("> matrix                                   |       310 |       310 |         0")).isFalse();
        assertThat(console.accept("[INFO] Scanning for projects...")).isFalse();
        assertThat(console.accept("Simulation dev.perfgate.load.SmokeSimulation started...")).isFalse();
        assertThat(console.requests()).isZero();
    }

    @Test
    void shouldKeepTheLatestSummary() {
        GatlingConsole console = new GatlingConsole();
        console.accept("2026-03-02 12:00:05 GMT                                            5s elapsed");
        console.accept("> Global                                 |       100 |       100 |         0");

        console.accept("2026-03-02 12:00:10 GMT                                           10s elapsed");
        console.accept("> Global                                 |       200 |       199 |         1");

        assertThat(console.elapsedSeconds()).isEqualTo(10);
        assertThat(console.requests()).isEqualTo(200);
        assertThat(console.errors()).isEqualTo(1);
    }
}

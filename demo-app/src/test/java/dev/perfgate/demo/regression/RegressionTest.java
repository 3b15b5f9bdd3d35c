package dev.perfgate.demo.regression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class RegressionTest {

    @Test
    void shouldFindARegressionByItsIdIgnoringCaseAndBlanks() {
        assertThat(Regression.fromId(" Buffer ")).contains(Regression.BUFFER);
        assertThat(Regression.fromId("gc")).isEmpty();
        assertThat(Regression.fromId(null)).isEmpty();
    }

    @Test
    void shouldParseTheStartUpListAndRefuseUnknownIds() {
        assertThat(RegressionConfiguration.parse("cpu, lock,,")).containsExactly(Regression.CPU, Regression.LOCK);
        assertThat(RegressionConfiguration.parse("")).isEmpty();
        assertThatIllegalArgumentException().isThrownBy(() -> RegressionConfiguration.parse("cpu,gc"))
                .withMessageStartingWith("unknown regression 'gc'");
    }

    @Test
    void shouldIgnoreUnknownIdsInTheRequestHeader() {
        assertThat(RegressionOverrideFilter.parseLenient("cpu,ALLOC,gc")).containsExactly(Regression.CPU,
                Regression.ALLOC);
    }
}

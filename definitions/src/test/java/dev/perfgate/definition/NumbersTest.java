package dev.perfgate.definition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Numbers as a verdict prints them. */
class NumbersTest {

    @Test
    void printsTwoDecimalsAtMostWithoutTrailingZerosAndThousandsSeparated() {
        assertThat(Numbers.format(51.123)).isEqualTo("51.12");
        assertThat(Numbers.format(50)).isEqualTo("50");
        assertThat(Numbers.format(0.005)).isEqualTo("0.01");
        assertThat(Numbers.format(-1234567.891)).isEqualTo("-1,234,567.89");
        assertThat(Numbers.format(Double.NaN)).isEqualTo("NaN");
        assertThat(Numbers.signed(5)).isEqualTo("+5");
        assertThat(Numbers.signed(-37.44)).isEqualTo("-37.44");
        assertThat(Numbers.percent(176.4)).isEqualTo("+176");
        assertThat(Numbers.percent(12.46)).isEqualTo("+12.5");
        assertThat(Numbers.percent(-3.271)).isEqualTo("-3.27");
        assertThat(Numbers.percent(1234.5)).isEqualTo("+1,235");
    }

    @Test
    void showsTwoComparedNumbersWithTheDecimalsThatTellThemApart() {
        assertThat(Numbers.apart(0.013, 0.01)).containsExactly("0.013", "0.01");
        assertThat(Numbers.apart(51.123, 50)).containsExactly("51.12", "50");
        assertThat(Numbers.apart(50, 50)).containsExactly("50", "50");
        assertThat(Numbers.apart(200.0004, 200)).containsExactly("200.0004", "200");
        assertThat(Numbers.apart(1234.5, 1234.50000001)).containsExactly("1,234.5", "1,234.5");
    }
}

package dev.perfgate.demo.transform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

class FieldLoggerTest {

    @Test
    void shouldFormatTheMessageWithItsFieldsWhenDebugIsOn() {
        FieldLogger logger = FieldLogger.newLogger(Map.of("order", "o-1"), true).with("sku", "a");

        assertThat(logger.debug("mapped")).isEqualTo("mapped order=o-1 sku=a".length());
    }

    @Test
    void shouldNotShareFieldsBetweenLoggersMadeFromTheSameMap() {
        Map<String, Object> fields = Map.of("order", "o-1");

        FieldLogger first = FieldLogger.newLogger(fields, false).with("sku", "a");
        FieldLogger second = FieldLogger.newLogger(fields, false);

        assertThat(first.debug("x")).isEqualTo(2);
        assertThat(second.debug("x")).isEqualTo(1);
    }
}

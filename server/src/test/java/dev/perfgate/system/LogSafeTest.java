package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import org.junit.jupiter.api.Test;

class LogSafeTest {

    @Test
    void shouldEscapeControlCharactersSoNoLogLineCanBeForged() {
        String name = "checkout\n2026-11-23T13:00:00Z  INFO 1 --- [main] admin signed in\r\u001b[31m\u2028";

        assertThat(LogSafe.of(name)).isEqualTo(
                "checkout\\n2026-11-23T13:00:00Z  INFO 1 --- [main] admin signed in\\r\\u001b[31m\\u2028");
        assertThat(LogSafe.of("plain name")).isEqualTo("plain name");
    }

    @Test
    void shouldEscapeTheArgumentsOfALogMessageButKeepItsOwnLineBreaks() {
        Logger logger = new LoggerContext().getLogger("test");
        LoggingEvent event = new LoggingEvent("fqcn", logger, Level.INFO, "Run {} judged:\n{}",
                null, new Object[] {"r1\nFAKE LINE", "PASS"});

        String message = new LogSafeMessageConverter().convert(event);

        assertThat(message).isEqualTo("Run r1\\nFAKE LINE judged:\nPASS");
    }
}

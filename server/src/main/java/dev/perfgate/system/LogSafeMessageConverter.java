package dev.perfgate.system;

import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import org.slf4j.helpers.MessageFormatter;

/**
 * The log message ({@code %m}, {@code %msg}, {@code %message}, see logback-spring.xml) with control characters in its
 * arguments escaped: a message's own text keeps its line breaks, a value passed into it (a request name, a run field,
 * an error quoting one) cannot start a forged log line.
 */
public class LogSafeMessageConverter extends MessageConverter {

    @Override
    public String convert(ILoggingEvent event) {
        Object[] arguments = event.getArgumentArray();
        if (arguments == null || arguments.length == 0) {
            return event.getFormattedMessage();
        }
        Object[] safe = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            safe[i] = arguments[i] instanceof Throwable ? arguments[i] : LogSafe.of(arguments[i]);
        }
        return MessageFormatter.basicArrayFormat(event.getMessage(), safe);
    }
}

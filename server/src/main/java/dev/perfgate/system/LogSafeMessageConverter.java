package dev.perfgate.system;

import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import org.slf4j.helpers.MessageFormatter;

import dev.perfgate.definition.SecretUrls;

/**
 * The log message ({@code %m}, {@code %msg}, {@code %message}, see logback-spring.xml) with control characters in its
 * arguments escaped: a message's own text keeps its line breaks, a value passed into it (a request name, a run field,
 * an error quoting one) cannot start a forged log line. A URL's password or secret query value is masked.
 */
public class LogSafeMessageConverter extends MessageConverter {

    @Override
    public String convert(ILoggingEvent event) {
        Object[] arguments = event.getArgumentArray();
        if (arguments == null || arguments.length == 0) {
            return SecretUrls.mask(event.getFormattedMessage());
        }
        Object[] safe = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            safe[i] = arguments[i] instanceof Throwable ? arguments[i] : LogSafe.of(arguments[i]);
        }
        return SecretUrls.mask(MessageFormatter.basicArrayFormat(event.getMessage(), safe));
    }
}

package dev.perfgate.check;

import java.util.List;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.convert.MongoCustomConversions;

/** How verdicts are stored: the gate result as its lower-case value. */
@Configuration(proxyBeanMethods = false)
class VerdictStoreConfiguration {

    @Bean
    MongoCustomConversions mongoCustomConversions() {
        return new MongoCustomConversions(List.of(GateResult.Writer.INSTANCE, GateResult.Reader.INSTANCE));
    }
}

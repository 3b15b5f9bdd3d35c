package dev.perfgate.system;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Beans every feature shares. */
@Configuration(proxyBeanMethods = false)
class SystemConfiguration {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}

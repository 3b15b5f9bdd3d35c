package dev.perfgate.demo.remote;

import java.time.Duration;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import dev.perfgate.demo.regression.Regression;
import dev.perfgate.demo.regression.RegressionSwitches;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class RemoteConfiguration {

    @Bean
    RemoteClient remoteClient(RegressionSwitches switches, MeterRegistry registry,
            @Value("${demo.remote.pool-size:64}") int poolSize,
            @Value("${demo.remote.validation:100ms}") Duration validation) {
        ConnectionPool pool = new ConnectionPool(() -> switches.isActive(Regression.LOCK), poolSize, validation);
        Gauge.builder("demo.remote.pool.waiting", pool, ConnectionPool::waiting)
                .description("requests waiting for a connection to the simulated remote service")
                .register(registry);
        return new RemoteClient(pool);
    }
}

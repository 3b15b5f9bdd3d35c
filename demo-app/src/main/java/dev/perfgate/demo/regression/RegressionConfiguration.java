package dev.perfgate.demo.regression;

import java.util.Arrays;
import java.util.List;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Creates the switches from {@code demo.regressions.enabled} and exposes them as {@code demo_regression_enabled}. */
@Configuration(proxyBeanMethods = false)
class RegressionConfiguration {

    @Bean
    RegressionSwitches regressionSwitches(@Value("${demo.regressions.enabled:}") String enabledAtStart,
            MeterRegistry registry) {
        RegressionSwitches switches = new RegressionSwitches(parse(enabledAtStart));
        for (Regression regression : Regression.values()) {
            Gauge.builder("demo.regression.enabled", switches, s -> s.isEnabled(regression) ? 1 : 0)
                    .description("1 while the regression is switched on globally, else 0")
                    .tag("name", regression.id())
                    .register(registry);
        }
        return switches;
    }

    /** Parses a comma-separated list of regression ids; unknown ids fail the start-up rather than being ignored. */
    static List<Regression> parse(String ids) {
        return Arrays.stream(ids.split(","))
                .map(String::trim)
                .filter(id -> !id.isEmpty())
                .map(id -> Regression.fromId(id).orElseThrow(
                        () -> new IllegalArgumentException("unknown regression '" + id + "', known: "
                                + Arrays.stream(Regression.values()).map(Regression::id).toList())))
                .toList();
    }
}

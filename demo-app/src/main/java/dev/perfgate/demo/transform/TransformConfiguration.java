package dev.perfgate.demo.transform;

import dev.perfgate.demo.regression.Regression;
import dev.perfgate.demo.regression.RegressionSwitches;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class TransformConfiguration {

    @Bean
    TransformService transformService(JsonMapper mapper, RegressionSwitches switches,
            @Value("${demo.transform.lines:40}") int lines) {
        return new TransformService(mapper, () -> switches.isActive(Regression.ALLOC), SampleOrders.json(mapper, lines));
    }
}

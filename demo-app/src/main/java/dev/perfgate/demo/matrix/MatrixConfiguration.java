package dev.perfgate.demo.matrix;

import dev.perfgate.demo.regression.Regression;
import dev.perfgate.demo.regression.RegressionSwitches;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class MatrixConfiguration {

    @Bean
    MatrixCalculator matrixCalculator(RegressionSwitches switches) {
        return new MatrixCalculator(() -> switches.isActive(Regression.CPU));
    }
}

package dev.perfgate.demo.matrix;

import java.time.Duration;

import dev.perfgate.demo.regression.Regression;
import dev.perfgate.demo.regression.RegressionSwitches;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class MatrixConfiguration {

    @Bean
    MatrixCalculator matrixCalculator(RegressionSwitches switches,
            @Value("${demo.matrix.verify-cpu:120ms}") Duration verifyCpu) {
        return new MatrixCalculator(() -> switches.isActive(Regression.CPU), verifyCpu);
    }
}

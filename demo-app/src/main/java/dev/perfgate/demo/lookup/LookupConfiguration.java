package dev.perfgate.demo.lookup;

import dev.perfgate.demo.regression.Regression;
import dev.perfgate.demo.regression.RegressionSwitches;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class LookupConfiguration {

    @Bean
    LookupService lookupService(RegressionSwitches switches,
            @Value("${demo.lookup.products:50000}") int products,
            @Value("${demo.lookup.chunk-bytes:4194304}") int chunkBytes,
            @Value("${demo.lookup.page-products:50000}") int pageProducts) {
        BufferArena arena = new BufferArena(() -> switches.isActive(Regression.BUFFER), chunkBytes);
        return new LookupService(
                new ProductIndex(products, pageProducts, () -> switches.isActive(Regression.CACHE)), arena);
    }
}

package dev.perfgate.trigger;

import java.time.Clock;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

import dev.perfgate.check.VerdictService;
import dev.perfgate.results.ResultsService;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunService;
import dev.perfgate.system.OutboundHttp;

/** The runner {@code perfgate.runner.type} names: local (default) or jenkins. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RunnerProperties.class)
class RunnerConfiguration {

    /** This process, as the owner of the triggers it runs. */
    @Bean
    Owner triggerOwner() {
        return Owner.current();
    }

    @Bean
    RunRunner runRunner(RunnerProperties properties, RunService runs, RunRepository repository, ResultsService results,
            VerdictService verdicts, JsonMapper json, Clock clock, OutboundHttp outbound) {
        return switch (properties.type()) {
            case LocalRunner.NAME -> new LocalRunner(properties.local(), properties.verdictWait(), runs, results, verdicts, json, clock);
            case JenkinsRunner.NAME -> new JenkinsRunner(properties.jenkins(), properties.verdictWait(), repository, clock,
                    outbound);
            default -> throw new IllegalStateException("perfgate.runner.type is '" + properties.type()
                    + "': use '" + LocalRunner.NAME + "' or '" + JenkinsRunner.NAME + "'");
        };
    }
}

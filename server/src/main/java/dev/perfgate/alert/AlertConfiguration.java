package dev.perfgate.alert;

import java.time.Clock;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.perfgate.system.OutboundHttp;

/** Checks the alert configuration at start (a wrong property stops PerfGate) and wires the channels. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AlertProperties.class)
class AlertConfiguration {

    private static final Logger log = LoggerFactory.getLogger(AlertConfiguration.class);

    @Bean
    AlertSettings alertSettings(AlertProperties properties, @Value("${perfgate.public-url:}") String publicUrl) {
        AlertSettings settings = AlertSettings.from(properties);
        if (settings.routes().isEmpty()) {
            log.info("Alerts: no routes configured (perfgate.alerts.routes[0].webhook-url …): no alerts are sent");
            return settings;
        }
        log.info("Alerts on {} via {} route(s): {}", settings.sendOn(), settings.routes().size(), settings.routes());
        if (publicUrl.isBlank()) {
            log.warn("Alerts: perfgate.public-url is not set, so links in alerts written after a run ends point to "
                    + "http://localhost:8080; set it to the URL people open PerfGate with");
        }
        return settings;
    }

    @Bean
    Channels alertChannels(AlertSettings settings, Clock clock, OutboundHttp outbound) {
        return new Channels(List.of(
                new SlackChannel(new HttpPost(outbound, "slack", settings.requestTimeout(), clock), settings.slackApiUrl()),
                new WebhookChannel(new HttpPost(outbound, "webhook", settings.requestTimeout(), clock))));
    }
}

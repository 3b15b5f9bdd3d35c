package dev.perfgate.alert;

import java.time.Clock;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Checks the alert configuration at start (a wrong property stops PerfGate) and wires the channels. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AlertProperties.class)
class AlertConfiguration {

    private static final Logger log = LoggerFactory.getLogger(AlertConfiguration.class);

    @Bean
    AlertSettings alertSettings(AlertProperties properties) {
        AlertSettings settings = AlertSettings.from(properties);
        if (settings.routes().isEmpty()) {
            log.info("Alerts: no routes configured (perfgate.alerts.routes[0].webhook-url …): no alerts are sent");
        } else {
            log.info("Alerts on {} via {} route(s): {}", settings.sendOn(), settings.routes().size(), settings.routes());
        }
        return settings;
    }

    @Bean
    Channels alertChannels(AlertSettings settings, Clock clock) {
        HttpPost http = new HttpPost(settings.requestTimeout(), clock);
        return new Channels(List.of(new SlackChannel(http, settings.slackApiUrl()), new WebhookChannel(http)));
    }
}

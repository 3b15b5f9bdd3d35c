package dev.perfgate.alert;

import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code perfgate.alerts.*} as written in the configuration; {@link AlertSettings#from} checks it and fails the
 * start with the property's name when it is wrong.
 */
@ConfigurationProperties("perfgate.alerts")
record AlertProperties(
        @DefaultValue("fail") List<String> sendOn,
        List<RouteProperties> routes,
        @DefaultValue("24h") Duration giveUpAfter,
        @DefaultValue("5s") Duration pollInterval,
        @DefaultValue("60s") Duration lease,
        @DefaultValue("10s") Duration initialBackoff,
        @DefaultValue("10m") Duration maxBackoff,
        @DefaultValue("10s") Duration requestTimeout,
        @DefaultValue("https://slack.com/api") String slackApiUrl) {

    /** One destination: which series it takes (blank matches any), how it is reached, whom it mentions. */
    record RouteProperties(String name, String system, String workload, String environment,
            @DefaultValue("slack") String type, String webhookUrl, String botToken, String channel, String mention,
            List<String> quiet) {

        @Override
        public String toString() {
            return "route " + name + " (secrets not shown)";
        }
    }
}

package dev.perfgate.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * A wrong webhook stops PerfGate's start, and says which setting without the secret in it. The class captures the
 * process's output, so it runs among the classes one after another, never beside another class that does.
 */
@ExtendWith(OutputCaptureExtension.class)
class AlertRouteStartIT {

    AlertApps apps;

    @BeforeEach
    void setUp() throws IOException {
        apps = new AlertApps();
    }

    @AfterEach
    void tearDown() {
        apps.close();
    }

    @Test
    void shouldRefuseToStartWithAWebhookUrlThatIsNotHttp(CapturedOutput output) {
        List<String> args = route("--perfgate.alerts.routes[0].webhook-url=ftp://hooks.slack.com/services/T0/B0/SECRETftp");

        assertThatThrownBy(() -> apps.start(args)).rootCause().isInstanceOf(AlertSettings.InvalidException.class)
                .hasMessageContaining("perfgate.alerts.routes[0].webhook-url must be an http(s) URL")
                .hasMessageNotContaining("SECRETftp");
        assertThat(output.getAll()).contains("APPLICATION FAILED TO START").doesNotContain("SECRETftp");
    }

    @Test
    void shouldRefuseToStartWithAMissingWebhookUrl() {
        assertThatThrownBy(() -> apps.start(route())).rootCause()
                .hasMessageContaining("perfgate.alerts.routes[0].webhook-url is missing");
    }

    private static List<String> route(String... more) {
        List<String> args = new ArrayList<>(List.of("--perfgate.alerts.routes[0].name=team"));
        args.addAll(List.of(more));
        return args;
    }
}

package dev.perfgate.definition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecretUrlsTest {

    @Test
    void shouldMaskPasswordsAndSecretParametersInAnyText() {
        String text = "Prometheus at http://admin:s3cr%40t@prom:9090/api?query=up&api_key=K3Y&step=5 did not answer"
                + " (also https://grafana/x?token=T0K&access_token=A&password=P)";

        String masked = SecretUrls.mask(text);

        assertThat(masked).isEqualTo("Prometheus at http://admin:***@prom:9090/api?query=up&api_key=***&step=5 did not answer"
                + " (also https://grafana/x?token=***&access_token=***&password=***)");
    }

    @Test
    void shouldTakeTheSecretsOutOfAUrl() {
        SecretUrls.Split split = SecretUrls.split("https://ann:p%40ss@prom.example:9090/base?tenant=a&api_key=K3Y#top");

        assertThat(split.url()).isEqualTo("https://prom.example:9090/base?tenant=a#top");
        assertThat(split.username()).isEqualTo("ann");
        assertThat(split.password()).isEqualTo("p@ss");
        assertThat(split.secretParameters()).containsExactly("api_key=K3Y");
    }

    @Test
    void shouldLeaveAUrlWithoutSecretsAsItIs() {
        SecretUrls.Split split = SecretUrls.split("http://127.0.0.1:9090");

        assertThat(split.url()).isEqualTo("http://127.0.0.1:9090");
        assertThat(split.hasSecrets()).isFalse();
        assertThat(SecretUrls.mask("no url here: a=b")).isEqualTo("no url here: a=b");
    }
}

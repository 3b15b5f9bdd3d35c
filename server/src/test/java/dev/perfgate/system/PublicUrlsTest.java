package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

class PublicUrlsTest {

    @AfterEach
    void tearDown() {
        RequestContextHolder.resetRequestAttributes();
    }

    @Test
    void shouldNeverLinkToAForeignHostHeaderWithoutPublicUrl() {
        request("evil.example", 80);

        String link = new PublicUrls("", "").of("/runs/r1");

        assertThat(link).as("the address the request arrived at").isEqualTo("http://10.0.0.5:8081/runs/r1");
    }

    @Test
    void shouldFollowTheHostHeaderWhenItIsAllowedOrLoopback() {
        request("perf.example.com", 443);
        assertThat(new PublicUrls("", "ci.example, perf.example.com").of("/runs/r1")).isEqualTo("http://perf.example.com:443/runs/r1");

        request("localhost", 8081);
        assertThat(new PublicUrls("", "").of("/runs/r1")).isEqualTo("http://localhost:8081/runs/r1");

        request("10.0.0.5", 8081);
        assertThat(new PublicUrls("", "").of("/runs/r1")).as("the server's own address").isEqualTo("http://10.0.0.5:8081/runs/r1");
    }

    @Test
    void shouldAlwaysUseTheConfiguredPublicUrl() {
        request("evil.example", 80);

        assertThat(new PublicUrls("https://perfgate.example/", "").of("/runs/r1")).isEqualTo("https://perfgate.example/runs/r1");
    }

    private static void request(String host, int port) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/runs");
        request.setServerName(host);
        request.setServerPort(port);
        request.setLocalAddr("10.0.0.5");
        request.setLocalPort(8081);
        RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(request));
    }
}

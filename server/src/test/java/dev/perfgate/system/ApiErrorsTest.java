package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class ApiErrorsTest {

    static final String CHROMIUM = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

    @Test
    void shouldTakeABrowserOpeningAPageForOneThatWantsThePage() {
        assertThat(ApiErrors.wantsPage(request("/no-such-page", CHROMIUM))).isTrue();
        assertThat(ApiErrors.wantsPage(request("/runs/x/typo", "text/html"))).isTrue();
    }

    @Test
    void shouldAnswerJsonAndWildcardClientsAsApiClients() {
        assertThat(ApiErrors.wantsPage(request("/no-such-page", "application/json"))).isFalse();
        assertThat(ApiErrors.wantsPage(request("/no-such-page", "application/problem+json"))).isFalse();
        assertThat(ApiErrors.wantsPage(request("/no-such-page", "*/*"))).as("curl's default").isFalse();
        assertThat(ApiErrors.wantsPage(request("/no-such-page", null))).as("no Accept header").isFalse();
        assertThat(ApiErrors.wantsPage(request("/no-such-page", "text/html;q=0, application/json"))).as("HTML refused").isFalse();
        assertThat(ApiErrors.wantsPage(request("/no-such-page", "text/html;;;=="))).as("unreadable Accept").isFalse();
    }

    @Test
    void shouldNeverServeAPageUnderTheApiPath() {
        assertThat(ApiErrors.wantsPage(request("/api/v1/no-such-endpoint", CHROMIUM))).isFalse();
    }

    private static MockHttpServletRequest request(String path, String accept) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
        if (accept != null) {
            request.addHeader("Accept", accept);
        }
        return request;
    }
}

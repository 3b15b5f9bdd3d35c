package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.async.AsyncRequestTimeoutException;

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

    @Test
    void shouldAnswerACallThatHadNoAnswerInTimeWith503AndWhenToRetry() {
        ResponseEntity<Object> answer = new ApiErrors().handleAsyncRequestTimeoutException(
                new AsyncRequestTimeoutException(), new HttpHeaders(), HttpStatus.SERVICE_UNAVAILABLE,
                new ServletWebRequest(new MockHttpServletRequest("POST", "/api/v1/runs"), new MockHttpServletResponse()));

        assertThat(answer.getStatusCode().value()).isEqualTo(503);
        assertThat(answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("2");
        assertThat(((ProblemDetail) answer.getBody()).getDetail()).contains("in time").contains("retry after 2 s");
    }

    private static MockHttpServletRequest request(String path, String accept) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
        if (accept != null) {
            request.addHeader("Accept", accept);
        }
        return request;
    }
}

package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.perfgate.SharedServer;

/**
 * Errors over real HTTP (the servlet container's error dispatch included): a signed-in browser that opens an
 * unknown page or run gets the HTML error page with the right status; a client asking for JSON, and every caller
 * of {@code /api/**}, gets RFC 9457 problem JSON.
 */
class ErrorPagesIT extends SharedServer {

    /** What Chromium sends when it opens a page. */
    static final String BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";


    HttpClient browser;

    @BeforeEach
    void signIn() throws Exception {
        browser = HttpClient.newBuilder().cookieHandler(new CookieManager()).connectTimeout(Duration.ofSeconds(5)).build();
        HttpResponse<String> login = send(browser, "/login", BROWSER, null);
        Matcher csrf = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"").matcher(login.body());
        assertThat(csrf.find()).as("CSRF token on the login page").isTrue();
        String form = "username=vic&password=vic-secret&_csrf=" + URLEncoder.encode(csrf.group(1), StandardCharsets.UTF_8);
        HttpResponse<String> signedIn = browser.send(HttpRequest.newBuilder(uri("/login"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", BROWSER)
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(signedIn.headers().firstValue("Location")).as("signed in, sent home").hasValueSatisfying(
                location -> assertThat(location).doesNotContain("error"));
    }

    @Test
    void shouldShowABrowserTheErrorPageForAnUnknownPage() throws Exception {
        HttpResponse<String> page = send(browser, "/no-such-page", BROWSER, null);

        assertThat(page.statusCode()).isEqualTo(404);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        assertThat(page.body()).contains("<h1>404 Not Found</h1>").contains("There is no such page.")
                .contains("Back to the series");
        assertThat(page.body()).as("the header names who is signed in, as on every page")
                .contains("Signed in as <strong>vic</strong> (<span>viewer</span>)").contains("Sign out");
    }

    @Test
    void shouldShowAViewerWhoOpensARunnersPageTheForbiddenPageWithTheirName() throws Exception {
        HttpResponse<String> page = send(browser, "/trigger", BROWSER, null);

        assertThat(page.statusCode()).isEqualTo(403);
        assertThat(page.body()).contains("<h1>403 Forbidden</h1>").contains("Ask an admin for the runner or admin role")
                .contains("Signed in as <strong>vic</strong> (<span>viewer</span>)")
                .as("a viewer is not offered the trigger page").doesNotContain(">Trigger a run</a>");
    }

    @Test
    void shouldShowNobodySignedInOnTheErrorPageOfAStranger() throws Exception {
        HttpClient stranger = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

        HttpResponse<String> page = send(stranger, "/error", BROWSER, null);

        assertThat(page.body()).contains("<h1>").doesNotContain("Signed in as").doesNotContain("Sign out");
    }

    @Test
    void shouldShowABrowserTheErrorPageForAnUnknownRun() throws Exception {
        HttpResponse<String> page = send(browser, "/runs/does-not-exist", BROWSER, null);

        assertThat(page.statusCode()).isEqualTo(404);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        assertThat(page.body()).contains("<h1>404 Not Found</h1>").contains("No run with id does-not-exist");
    }

    @Test
    void shouldAnswerAClientOfThePagesThatAsksForJsonWithProblemJson() throws Exception {
        for (String path : new String[] {"/no-such-page", "/runs/does-not-exist"}) {
            for (String accept : new String[] {"application/json", "application/problem+json"}) {
                HttpResponse<String> answer = send(browser, path, accept, null);

                assertProblem(answer, path + " with Accept " + accept);
            }
        }
    }

    @Test
    void shouldAnswerEveryCallerOfTheApiWithProblemJson() throws Exception {
        HttpClient api = HttpClient.newHttpClient();
        for (String path : new String[] {"/api/v1/no-such-endpoint", "/api/v1/runs/does-not-exist"}) {
            for (String accept : new String[] {BROWSER, "*/*", "application/json", null}) {
                HttpResponse<String> answer = send(api, path, accept, ADMIN_TOKEN);

                assertProblem(answer, path + " with Accept " + accept);
            }
        }
    }

    private static void assertProblem(HttpResponse<String> answer, String what) {
        assertThat(answer.statusCode()).as(what + ": " + answer.body()).isEqualTo(404);
        assertThat(answer.headers().firstValue("Content-Type")).as(what)
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(answer.body()).as(what).contains("\"status\":404").contains("\"title\":\"Not Found\"")
                .contains("\"detail\":\"");
    }

    private HttpResponse<String> send(HttpClient client, String path, String accept, String token)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30));
        if (accept != null) {
            request.header("Accept", accept);
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return client.send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}

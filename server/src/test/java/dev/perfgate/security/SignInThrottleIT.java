package dev.perfgate.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.CookieManager;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfgate.TestApi;
import dev.perfgate.TestApi.Response;

/** Password and token guessing is stopped after 10 failures a minute, the right password included, with a clear message. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "perfgate.security.admin-token=throttle-admin", "perfgate.data-dir=target/it-data/${random.uuid}",
        "perfgate.security.users[0].name=ann", "perfgate.security.users[0].password={noop}right-password",
        "perfgate.security.users[0].role=admin"})
class SignInThrottleIT {

    @LocalServerPort
    int port;
    @Autowired
    SignInThrottle throttle;

    @BeforeEach
    void setUp() {
        throttle.forgetAll();
    }

    @Test
    void shouldLockTheFormSignInAfterTenWrongPasswordsEvenForTheRightOne() throws Exception {
        HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();

        for (int i = 0; i < 10; i++) {
            assertThat(signIn(browser, "ann", "wrong-" + i)).endsWith("/login?error");
        }
        String locked = signIn(browser, "ann", "right-password");
        String page = browser.send(HttpRequest.newBuilder(URI.create(locked)).build(),
                HttpResponse.BodyHandlers.ofString()).body();

        assertThat(locked).matches(".*/login\\?locked=\\d+");
        assertThat(page).containsPattern("Too many failed sign-ins: try again in \\d+ s\\.");
    }

    @Test
    void shouldAnswer429AfterTenBadTokensFromAnAddressEvenForTheRightToken() throws IOException {
        TestApi wrong = new TestApi(port, "not-a-token");
        for (int i = 0; i < 10; i++) {
            assertThat(wrong.get("/api/v1/runs").status()).isEqualTo(401);
        }

        Response right = wrong.withToken("throttle-admin").get("/api/v1/runs");
        String elsewhere = getFrom("127.0.0.3", "/api/v1/runs", "throttle-admin");

        assertThat(right.status()).as(right.raw()).isEqualTo(429);
        assertThat(right.text("detail")).matches("Too many bad API tokens from this address: try again in \\d+ s");
        assertThat(elsewhere).as("another address").startsWith("HTTP/1.1 200");
    }

    /** A GET sent from another loopback address (the JDK client cannot choose its source address). */
    private String getFrom(String address, String path, String token) throws IOException {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(address, 0));
            socket.connect(new InetSocketAddress("127.0.0.1", port));
            socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                    + token + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Signs in through the form (with its CSRF token); where the answer redirects to. */
    private String signIn(HttpClient browser, String user, String password) throws IOException, InterruptedException {
        String form = browser.send(HttpRequest.newBuilder(URI.create(base() + "/login")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        Matcher csrf = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"").matcher(form);
        assertThat(csrf.find()).as("the form's CSRF token").isTrue();
        String body = "username=" + enc(user) + "&password=" + enc(password) + "&_csrf=" + enc(csrf.group(1));
        HttpResponse<String> answer = browser.send(HttpRequest.newBuilder(URI.create(base() + "/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(302);
        return URI.create(base()).resolve(answer.headers().firstValue("Location").orElseThrow()).toString();
    }

    private String base() {
        return "http://127.0.0.1:" + port;
    }

    private static String enc(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}

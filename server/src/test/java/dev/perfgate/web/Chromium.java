package dev.perfgate.web;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;

import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** Debian's headless Chromium through chromedriver, for the browser tests; screenshots go to target/screenshots/. */
final class Chromium implements AutoCloseable {

    static final Path SCREENSHOTS = Path.of("target/screenshots");
    static final Duration WAIT = Duration.ofSeconds(30);

    private final ChromeDriverService service;
    private final ChromeDriver browser;

    private Chromium(ChromeDriverService service, ChromeDriver browser) {
        this.service = service;
        this.browser = browser;
    }

    /** Starts the browser; without Debian's chromium and chromium-driver the test fails with how to install them. */
    static Chromium start() throws IOException {
        if (!Files.isExecutable(Path.of("/usr/bin/chromedriver")) || !Files.isExecutable(Path.of("/usr/bin/chromium"))) {
            throw new IllegalStateException("The browser test needs Debian's chromium and chromium-driver: "
                    + "apt-get update && apt-get install -y chromium chromium-driver");
        }
        Files.createDirectories(SCREENSHOTS);
        Path profileDir = Files.createTempDirectory("perfgate-chromium");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File("/usr/bin/chromedriver")).usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions().setBinary("/usr/bin/chromium").addArguments("--headless=new",
                "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1366,900", "--user-data-dir=" + profileDir);
        ChromeDriver browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(WAIT);
        return new Chromium(service, browser);
    }

    ChromeDriver browser() {
        return browser;
    }

    /** Signs in through the login form of the PerfGate at {@code base}, forgetting any earlier session. */
    void signIn(String base, String name, String password) {
        browser.manage().deleteAllCookies();
        browser.get(base + "/");
        waitFor(By.id("username")).sendKeys(name);
        browser.findElement(By.id("password")).sendKeys(password);
        browser.findElement(By.cssSelector("button[type=submit]")).click();
        waitFor(By.cssSelector(".who"));
    }

    WebElement waitFor(By locator) {
        return new WebDriverWait(browser, WAIT).until(ExpectedConditions.presenceOfElementLocated(locator));
    }

    /** The whole page at laptop width: the viewport is stretched to the page's height for the shot. */
    void screenshot(String name) throws IOException {
        Number height = (Number) browser.executeScript("return document.documentElement.scrollHeight");
        browser.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", 1366,
                "height", Math.max(768, Math.min(8000, height.intValue())), "deviceScaleFactor", 1, "mobile", false));
        try {
            Thread.sleep(300); // charts redraw on resize
            File shot = browser.getScreenshotAs(OutputType.FILE);
            Files.copy(shot.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            browser.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
        }
    }

    @Override
    public void close() {
        browser.quit();
        service.stop();
    }
}

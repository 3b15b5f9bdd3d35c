package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The integration tests start and close Spring applications on several threads of one JVM (server/pom.xml runs some
 * classes beside the others); each start sets Spring Boot's Logback up. Started and closed six at a time, round after
 * round, every one starts: the Failsafe JVM's {@link SerialLogbackLoggingSystem} sets Logback up one application at a
 * time (without it, some starts fail with "There is no conversion class registered for composite conversion word
 * [clr]").
 */
class ConcurrentStartsIT {

    /** The application's one bean; not annotated, so that no other test's search or scan finds it. */
    static class Empty {
    }

    @Test
    void shouldStartSpringApplicationsOnSixThreadsAtOnce() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(6);
        try {
            for (int round = 0; round < 10; round++) {
                CountDownLatch go = new CountDownLatch(1);
                List<Future<ConfigurableApplicationContext>> starts = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    starts.add(threads.submit(() -> {
                        go.await();
                        return new SpringApplicationBuilder(Empty.class).web(WebApplicationType.NONE)
                                .logStartupInfo(false).run("--spring.main.banner-mode=off");
                    }));
                }
                go.countDown();
                List<Future<?>> closes = new ArrayList<>();
                for (Future<ConfigurableApplicationContext> start : starts) {
                    ConfigurableApplicationContext context = start.get(60, TimeUnit.SECONDS);
                    assertThat(context.isActive()).isTrue();
                    closes.add(threads.submit(context::close));
                }
                for (Future<?> close : closes) {
                    close.get(60, TimeUnit.SECONDS);
                }
            }
        } finally {
            threads.shutdownNow();
        }
    }
}

package dev.perfgate.system;

import org.springframework.boot.logging.LogFile;
import org.springframework.boot.logging.LoggingInitializationContext;
import org.springframework.boot.logging.logback.LogbackLoggingSystem;

/**
 * Spring Boot's Logback set-up, one application at a time: the integration tests start (and close) Spring applications
 * on several threads of one JVM (server/pom.xml), and they all share Logback's one logger context. When two set it up
 * at once, one's reset wipes the conversion words the other is reading its pattern with, and the application fails
 * to start with "There is no conversion class registered for composite conversion word [clr]" (spring-boot#5669;
 * TrainingLoadIT once, 2026-11-29). The Failsafe JVM names this class in the system property
 * {@code org.springframework.boot.logging.LoggingSystem}.
 */
public class SerialLogbackLoggingSystem extends LogbackLoggingSystem {

    private static final Object LOGBACK = new Object();

    public SerialLogbackLoggingSystem(ClassLoader classLoader) {
        super(classLoader);
    }

    @Override
    public void beforeInitialize() {
        synchronized (LOGBACK) {
            super.beforeInitialize();
        }
    }

    @Override
    public void initialize(LoggingInitializationContext initializationContext, String configLocation, LogFile logFile) {
        synchronized (LOGBACK) {
            super.initialize(initializationContext, configLocation, logFile);
        }
    }

    @Override
    public void cleanUp() {
        synchronized (LOGBACK) {
            super.cleanUp();
        }
    }
}

package dev.perfgate.alert;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns a wrong {@code perfgate.alerts.*} property into Spring Boot's short "APPLICATION FAILED TO START" report. */
class InvalidAlertsFailureAnalyzer extends AbstractFailureAnalyzer<AlertSettings.InvalidException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, AlertSettings.InvalidException cause) {
        return new FailureAnalysis(cause.getMessage(),
                "Fix the perfgate.alerts.* properties (or environment variables such as "
                        + "PERFGATE_ALERTS_ROUTES_0_WEBHOOKURL); application.properties describes each one.", cause);
    }
}

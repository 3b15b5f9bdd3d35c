package dev.perfgate.alert;

import java.util.Locale;

/** The verdicts that raise an alert ({@code perfgate.alerts.send-on}); RECOVERY is a PASS right after a FAIL. */
enum SendOn {
    FAIL, WARN, INCONCLUSIVE, INVALID, RECOVERY;

    static SendOn parse(String value) {
        return valueOf(value.trim().toUpperCase(Locale.ROOT));
    }
}

package dev.perfgate.check;

import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;

import dev.perfgate.definition.GateDefinition.InconclusivePolicy;

/** What CI should do with a run: pass, warn or fail (lower case in JSON and in the store, as the CLI reads it). */
public enum GateResult {
    @JsonProperty("pass") PASS,
    @JsonProperty("warn") WARN,
    @JsonProperty("fail") FAIL;

    /** FAIL fails, WARN warns, INCONCLUSIVE as the definition's policy says (default: fail). */
    static GateResult of(CheckStatus status, List<CheckResult> checks, InconclusivePolicy policy) {
        return switch (status) {
            case PASS -> PASS;
            case WARN -> WARN;
            case FAIL, INVALID -> FAIL;
            case INCONCLUSIVE -> switch (policy) {
                case FAIL -> FAIL;
                case WARN -> WARN;
                case PASS -> checks.stream().anyMatch(c -> c.status() == CheckStatus.WARN) ? WARN : PASS;
            };
        };
    }

    /** The value in JSON, the store and metrics labels. */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Stores the lower-case value, as verdicts always have. */
    @WritingConverter
    enum Writer implements Converter<GateResult, String> {
        INSTANCE;

        @Override
        public String convert(GateResult gate) {
            return gate.value();
        }
    }

    /** Reads the stored value. */
    @ReadingConverter
    enum Reader implements Converter<String, GateResult> {
        INSTANCE;

        @Override
        public GateResult convert(String stored) {
            return GateResult.valueOf(stored.toUpperCase(Locale.ROOT));
        }
    }
}

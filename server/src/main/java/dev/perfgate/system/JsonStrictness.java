package dev.perfgate.system;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.stereotype.Component;
import tools.jackson.core.StreamReadFeature;

/** A JSON object naming a field twice is refused (Jackson would keep the last value silently). */
@Component
class JsonStrictness implements JsonMapperBuilderCustomizer {

    @Override
    public void customize(tools.jackson.databind.json.JsonMapper.Builder builder) {
        builder.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    }
}

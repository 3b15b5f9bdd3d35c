package dev.perfgate.system;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.stereotype.Component;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;

/**
 * The API's JSON means what it says: an object naming a field twice is refused (Jackson would keep the last value
 * silently), and so is a number of the wrong kind: 3000.5 where a count is a whole number (Jackson would drop the
 * fraction) or "150" in quotes where a number belongs (it would parse the text).
 */
@Component
class JsonStrictness implements JsonMapperBuilderCustomizer {

    @Override
    public void customize(tools.jackson.databind.json.JsonMapper.Builder builder) {
        builder.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
        builder.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        builder.disable(MapperFeature.ALLOW_COERCION_OF_SCALARS);
    }
}

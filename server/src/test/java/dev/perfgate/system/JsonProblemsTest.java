package dev.perfgate.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

class JsonProblemsTest {

    record Stats(Long count, Double p99Ms, String name, Boolean key) {
    }

    record Document(Stats global, List<Stats> requests) {
    }

    record Primitive(int kept) {
    }

    private final JsonMapper json = strict();

    @Test
    void shouldNameTheFieldAndTheKindOfValueWithoutTheServersClasses() {
        assertThat(problem("{\"global\":{\"count\":3000.5}}"))
                .isEqualTo("Invalid value at global.count: expected a whole number, got 3000.5");
        assertThat(problem("{\"requests\":[{\"count\":1},{\"p99Ms\":\"150\"}]}"))
                .isEqualTo("Invalid value at requests[1].p99Ms: expected a number, got the string \"150\"");
        assertThat(problem("{\"global\":{\"key\":\"yes\"}}"))
                .isEqualTo("Invalid value at global.key: expected true or false, got the string \"yes\"");
    }

    @Test
    void shouldKeepJacksonsReasonWhereItSaysMoreButWithoutPackageNames() {
        String array = problem("{\"global\":[1]}");
        JacksonException nullInt = catchThrowableOfType(JacksonException.class,
                () -> json.readValue("{\"kept\":null}", Primitive.class));
        String missing = JsonProblems.describe("Invalid value", nullInt);

        assertThat(array).startsWith("Invalid value at global: ").doesNotContain("dev.perfgate").doesNotContain("[Source:");
        assertThat(missing).isEqualTo("Invalid value at kept: Cannot map null into type int");
    }

    private String problem(String body) {
        JacksonException e = catchThrowableOfType(JacksonException.class, () -> json.readValue(body, Document.class));
        assertThat(e).as(body).isNotNull();
        return JsonProblems.describe("Invalid value", e);
    }

    private static JsonMapper strict() {
        JsonMapper.Builder builder = JsonMapper.builder();
        new JsonStrictness().customize(builder);
        return builder.build();
    }
}

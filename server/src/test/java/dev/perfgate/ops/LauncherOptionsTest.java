package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every launcher starts PerfGate with the JVM options of deploy/perfgate.jvmopts (docs/operations.md): the scripts
 * read that file, the files that cannot (Maven's plugin configuration, the image, the compose file and its example
 * environment) carry a copy, and a copy that drifted from the file fails here, with the file and its options.
 */
class LauncherOptionsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            server/pom.xml           | <jvmArguments>([^<]*)</jvmArguments>
            deploy/docker/Dockerfile | ^\\s*JAVA_TOOL_OPTIONS="(-Xms64m[^"]*)"
            docker-compose.yml       | JAVA_TOOL_OPTIONS: \\$\\{PERFGATE_JAVA_OPTS:-([^}]*)}
            .env.example             | ^PERFGATE_JAVA_OPTS=(.*)$
            """)
    void shouldCarryTheOptionsOfTheOptionsFile(String file, String regex) throws IOException {
        Matcher copy = Pattern.compile(regex, Pattern.MULTILINE).matcher(Files.readString(RepoFiles.path(file)));

        assertThat(copy.find()).as("%s states PerfGate's JVM options (%s)", file, regex).isTrue();
        assertThat(words(copy.group(1))).as("the JVM options in %s", file).isEqualTo(options());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"scripts/perfgate-server", "bench/gate-load.sh"})
    void shouldReadTheOptionsFileInScripts(String file) throws IOException {
        assertThat(Files.readString(RepoFiles.path(file))).contains("$(cat \"$root/deploy/perfgate.jvmopts\")")
                .doesNotContain(String.join(" ", options()));
    }

    @Test
    void shouldStartTheDemosPerfGateWithTheLauncher() throws IOException {
        assertThat(Files.readString(RepoFiles.path("scripts/demo.sh"))).contains("start_bg perfgate scripts/perfgate-server")
                .doesNotContain("-jar \"$demo_dir/bin/perfgate-server-exec.jar\"");
    }

    @Test
    void shouldCapTheHeapInTheOptionsFile() throws IOException {
        assertThat(options()).anyMatch(option -> option.startsWith("-Xmx")).contains("-XX:+UseParallelGC");
    }

    private static List<String> options() throws IOException {
        return words(Files.readString(RepoFiles.path("deploy/perfgate.jvmopts")));
    }

    private static List<String> words(String options) {
        return List.of(options.trim().split("\\s+"));
    }
}

package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.perfgate.definition.DefinitionParser;

/** The checks the compose stack mounts into PerfGate (deploy/checks) are valid gate definitions. */
class DeployChecksIT {

    @Test
    void shouldParseEveryChecksFileOfTheStack() throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(RepoFiles.path("deploy/checks"))) {
            files = list.filter(p -> p.toString().endsWith(".yaml")).toList();
        }
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            DefinitionParser.Result result = new DefinitionParser().parse(file.getFileName().toString(), Files.readString(file));

            assertThat(result.problems()).as(file.toString()).isEmpty();
            assertThat(result.definition().prometheusUrlFor("compose")).as("the stack's Prometheus")
                    .isEqualTo("http://prometheus:9090");
        }
    }
}

package dev.perfgate.definition;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Reads every {@code *.yaml} / {@code *.yml} file of a checks directory (not its subfolders). */
public final class DefinitionDirectory {

    private DefinitionDirectory() {
    }

    public static List<DefinitionParser.Result> read(Path dir) throws IOException {
        DefinitionParser parser = new DefinitionParser();
        List<DefinitionParser.Result> results = new ArrayList<>();
        for (Path file : files(dir)) {
            String name = dir.relativize(file).toString();
            try {
                results.add(parser.parse(name, Files.readString(file, StandardCharsets.UTF_8)));
            } catch (IOException e) {
                results.add(new DefinitionParser.Result(null, List.of(new Problem(name, 0, "cannot be read: " + e.getMessage()))));
            }
        }
        return results;
    }

    public static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().matches(".*\\.ya?ml"))
                    .sorted().toList();
        }
    }
}

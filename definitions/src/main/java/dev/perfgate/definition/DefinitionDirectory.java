package dev.perfgate.definition;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
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

    /**
     * A problem for each two definitions that judge some series alike ({@link GateDefinition#overlaps}), on the later
     * file: runs of such a series are INCONCLUSIVE until one of the files names its workloads or environments more
     * narrowly or goes.
     */
    public static List<Problem> overlaps(List<GateDefinition> definitions) {
        List<GateDefinition> sorted = definitions.stream().sorted(Comparator.comparing(GateDefinition::file)).toList();
        List<Problem> problems = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            for (int j = i + 1; j < sorted.size(); j++) {
                GateDefinition first = sorted.get(i);
                GateDefinition second = sorted.get(j);
                if (first.overlaps(second)) {
                    problems.add(new Problem(second.file(), 1, "judges the same series as " + first.file() + " (system '"
                            + second.system() + "'" + scope("workloads", first.workloads(), second.workloads())
                            + scope("environments", first.environments(), second.environments())
                            + "): their runs are INCONCLUSIVE until one file names its workloads or environments more"
                            + " narrowly, or goes"));
                }
            }
        }
        return problems;
    }

    private static String scope(String what, List<String> a, List<String> b) {
        return a.isEmpty() ? ", every one of its " + what : ", " + what + " " + a.stream().filter(b::contains).toList();
    }

    public static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().matches(".*\\.ya?ml"))
                    .sorted().toList();
        }
    }
}

package dev.perfgate.check;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import dev.perfgate.definition.DefinitionDirectory;
import dev.perfgate.definition.DefinitionParser;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.Problem;

/**
 * The active gate definitions from the checks directory, read at start and again whenever a file
 * changes. A broken file is rejected with file, line and reason, and the previous valid version
 * of that file stays active.
 */
@Component
public class GateDefinitions {

    /** A file's state: the definition in force (maybe an older version) and the problems of the newest text. */
    public record FileState(String file, GateDefinition active, List<Problem> problems, String contentHash) {
    }

    private static final Logger log = LoggerFactory.getLogger(GateDefinitions.class);

    private final Path dir;
    private final DefinitionParser parser = new DefinitionParser();
    private final Map<String, FileState> files = new ConcurrentHashMap<>();

    GateDefinitions(@Value("${perfgate.checks-dir:./checks}") String dir) {
        this.dir = Path.of(dir).toAbsolutePath().normalize();
        reload();
    }

    /** Re-reads changed files; called on a schedule and by tests. */
    @Scheduled(fixedDelayString = "${perfgate.checks-reload-ms:2000}")
    public synchronized void reload() {
        if (!Files.isDirectory(dir)) {
            if (files.isEmpty()) {
                log.warn("Checks directory {} does not exist: no run can be judged until it has definitions", dir);
            }
            files.clear();
            return;
        }
        List<Path> present;
        try {
            present = DefinitionDirectory.files(dir);
        } catch (IOException e) {
            log.error("Cannot list checks directory {}: {}", dir, e.getMessage());
            return;
        }
        List<String> names = new ArrayList<>();
        boolean changed = false;
        for (Path path : present) {
            String name = dir.relativize(path).toString();
            names.add(name);
            changed |= read(name, path);
        }
        changed |= files.keySet().retainAll(names);
        if (changed) {
            overlaps().forEach(p -> log.warn("Checks overlap: {}", p));
        }
    }

    /** Reads a file unless its text is the one read last; whether it read it. */
    private boolean read(String name, Path path) {
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            log.error("{}: cannot be read: {}", name, e.getMessage());
            return false;
        }
        String hash = Integer.toHexString(text.hashCode()) + ":" + text.length();
        FileState previous = files.get(name);
        if (previous != null && previous.contentHash().equals(hash)) {
            return false;
        }
        DefinitionParser.Result result = parser.parse(name, text);
        if (result.ok()) {
            files.put(name, new FileState(name, result.definition(), List.of(), hash));
            log.info("Checks {} loaded: {} checks for system {}", name, result.definition().checks().size(),
                    result.definition().system());
        } else {
            GateDefinition kept = previous == null ? null : previous.active();
            files.put(name, new FileState(name, kept, result.problems(), hash));
            result.problems().forEach(p -> log.error("Checks rejected: {}{}", p,
                    kept == null ? "" : " (the previous valid version stays active)"));
        }
        return true;
    }

    /**
     * The files whose definitions apply to a series equally, when more than one does (the most specific ones): which
     * one judges would be an accident of their names, so the series' runs are INCONCLUSIVE. Empty otherwise.
     */
    public List<String> tied(String system, String workload, String environment) {
        List<GateDefinition> applying = files.values().stream().map(FileState::active).filter(d -> d != null)
                .filter(d -> d.appliesTo(system, workload, environment)).toList();
        int top = applying.stream().mapToInt(GateDefinition::specificity).max().orElse(-1);
        List<String> tied = applying.stream().filter(d -> d.specificity() == top).map(GateDefinition::file).sorted()
                .toList();
        return tied.size() > 1 ? tied : List.of();
    }

    /**
     * Why the definition of {@code file} in force is not its newest text, when that text was rejected: a verdict
     * judged by the previous version says so. Empty when the newest text is in force.
     */
    public Optional<String> rejectedNewest(String file) {
        FileState state = files.get(file);
        if (state == null || state.active() == null || state.problems().isEmpty()) {
            return Optional.empty();
        }
        Problem first = state.problems().get(0);
        return Optional.of("judged by the previous version of " + file + ": its newest text was rejected, line "
                + first.line() + ": " + first.message().lines().findFirst().orElse("")
                + (state.problems().size() > 1 ? " (and " + (state.problems().size() - 1) + " more)" : ""));
    }

    /** The definitions in force that judge some series alike, as problems of the later file of each two. */
    public List<Problem> overlaps() {
        return DefinitionDirectory.overlaps(
                files.values().stream().map(FileState::active).filter(d -> d != null).toList());
    }

    /** The most specific definition that applies to a series (see {@link #tied} for two that apply equally). */
    public Optional<GateDefinition> find(String system, String workload, String environment) {
        return files.values().stream().map(FileState::active).filter(d -> d != null)
                .filter(d -> d.appliesTo(system, workload, environment))
                .max(Comparator.comparingInt(GateDefinition::specificity).thenComparing(GateDefinition::file));
    }

    public List<FileState> states() {
        return files.values().stream().sorted(Comparator.comparing(FileState::file)).toList();
    }

    public Path directory() {
        return dir;
    }
}

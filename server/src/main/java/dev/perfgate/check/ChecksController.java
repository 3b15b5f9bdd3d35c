package dev.perfgate.check;

import java.util.List;

import lombok.RequiredArgsConstructor;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;

import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.Problem;
import dev.perfgate.system.JsonApi;

/**
 * The gate definitions in force, the problems of rejected files, and the growth rules that sit inside the noise of a
 * series they judge ({@link RuleNoise}).
 */
@JsonApi("/api/v1/checks")
@Tag(name = "checks", description = "Gate definitions loaded from checks/")
@RequiredArgsConstructor
class ChecksController {

    /** One file: what {@link GateDefinitions.FileState} says, and the rules of its definition in force inside noise. */
    record FileView(String file, GateDefinition active, List<Problem> problems, String contentHash,
            List<RuleNoise.Warning> noise, List<Problem> overlaps) {
    }

    private final GateDefinitions definitions;
    private final RuleFeasibility feasibility;

    @Operation(summary = "Loaded definitions, per file, with the problems of the newest text, the growth rules that"
            + " sit inside the noise of a series they judge, and (on the later file of two) where it judges the same"
            + " series as another file, whose runs are then INCONCLUSIVE")
    @GetMapping
    List<FileView> list() {
        List<Problem> overlaps = definitions.overlaps();
        return definitions.states().stream().map(state -> new FileView(state.file(), state.active(), state.problems(),
                state.contentHash(), state.active() == null ? List.of() : feasibility.review(state.active()),
                overlaps.stream().filter(p -> p.file().equals(state.file())).toList())).toList();
    }
}

package dev.perfgate.check;

import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The gate definitions in force and the problems of rejected files. */
@RestController
@RequestMapping(path = "/api/v1/checks", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "checks", description = "Gate definitions loaded from checks/")
class ChecksController {

    private final GateDefinitions definitions;

    ChecksController(GateDefinitions definitions) {
        this.definitions = definitions;
    }

    @Operation(summary = "Loaded definitions, per file, with the problems of the newest text")
    @GetMapping
    List<GateDefinitions.FileState> list() {
        return definitions.states();
    }
}

package dev.perfgate.check;

import java.io.IOException;
import java.io.InputStream;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import dev.perfgate.definition.DefinitionParser;

/** Publishes the JSON Schema of checks/ files, e.g. for editors' YAML validation. */
@RestController
class SchemaController {

    @GetMapping(path = "/schemas/checks-v1.schema.json", produces = MediaType.APPLICATION_JSON_VALUE)
    byte[] checksSchema() throws IOException {
        try (InputStream in = DefinitionParser.class.getResourceAsStream(DefinitionParser.SCHEMA_RESOURCE)) {
            return in.readAllBytes();
        }
    }
}

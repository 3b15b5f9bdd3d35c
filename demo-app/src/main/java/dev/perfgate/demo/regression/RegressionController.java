package dev.perfgate.demo.regression;

import java.util.LinkedHashMap;
import java.util.Map;

import lombok.RequiredArgsConstructor;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** Switches regressions at run time: {@code GET /admin/regressions}, {@code PUT /admin/regressions/{name}}. */
@RestController
@RequestMapping("/admin/regressions")
@RequiredArgsConstructor
class RegressionController {

    private final RegressionSwitches switches;

    @GetMapping
    Map<String, Boolean> all() {
        Map<String, Boolean> states = new LinkedHashMap<>();
        switches.snapshot().forEach((regression, enabled) -> states.put(regression.id(), enabled));
        return states;
    }

    /** Takes the new state from {@code ?enabled=} or from the body {@code {"enabled": true}}; the query wins. */
    @PutMapping("/{name}")
    Map<String, Object> set(@PathVariable String name, @RequestParam(required = false) Boolean enabled,
            @RequestBody(required = false) Toggle body) {
        Regression regression = Regression.fromId(name).orElseThrow(() -> new ResponseStatusException(
                HttpStatus.NOT_FOUND, "unknown regression '" + name + "', known: " + all().keySet()));
        Boolean wanted = enabled != null ? enabled : body != null ? body.enabled() : null;
        if (wanted == null) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                    "give ?enabled=true|false or a body {\"enabled\": true|false}");
        }
        switches.set(regression, wanted);
        return Map.of("name", regression.id(), "enabled", wanted);
    }

    record Toggle(Boolean enabled) {
    }
}

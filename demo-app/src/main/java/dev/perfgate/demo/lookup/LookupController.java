package dev.perfgate.demo.lookup;

import lombok.RequiredArgsConstructor;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** {@code GET /api/lookup?id=N}: a database-like lookup in the in-memory product table. */
@RestController
@RequiredArgsConstructor
class LookupController {

    private final LookupService service;

    @GetMapping("/api/lookup")
    LookupService.LookupResult lookup(@RequestParam(defaultValue = "1") long id) {
        return service.lookup(id).orElseThrow(
                () -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no product " + id));
    }
}

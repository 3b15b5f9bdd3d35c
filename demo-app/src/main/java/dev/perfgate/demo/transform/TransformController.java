package dev.perfgate.demo.transform;

import lombok.RequiredArgsConstructor;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/transform}: a JSON transform (parse, map, serialise) of a fixed order. */
@RestController
@RequiredArgsConstructor
class TransformController {

    private final TransformService service;

    @GetMapping("/api/transform")
    ResponseEntity<String> transform() {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(service.transform());
    }
}

package dev.perfgate.web;

import lombok.RequiredArgsConstructor;

import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Data for a page's script, written into a {@code <script type="application/json">} block: JSON with {@code <},
 * {@code >} and {@code &} escaped, so no value can close the block.
 */
@Component
@RequiredArgsConstructor
class PageJson {

    private final JsonMapper json;

    String embed(Object data) {
        return json.writeValueAsString(data).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
    }
}

package dev.perfgate.system;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.core.annotation.AliasFor;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A controller of PerfGate's JSON API: a {@link RestController} whose endpoints sit under {@link #value()} and answer
 * JSON ({@code produces = application/json}), as {@code @RestController @RequestMapping(path = …, produces = …)}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@RestController
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
public @interface JsonApi {

    /** The path the controller's endpoints sit under, e.g. {@code /api/v1/runs}. */
    @AliasFor(annotation = RequestMapping.class, attribute = "path")
    String value();
}

package dev.perfgate.web;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

import dev.perfgate.system.ApiException;

/**
 * Errors of the pages as a page, not as the API's problem JSON: the status and a sentence a person understands.
 * Only for callers that take HTML: a page's script asking for JSON gets the problem JSON of ApiErrors.
 */
@ControllerAdvice(basePackageClasses = UiErrors.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class UiErrors {

    private static final Logger log = LoggerFactory.getLogger(UiErrors.class);

    @ExceptionHandler(value = ApiException.class, produces = MediaType.TEXT_HTML_VALUE)
    ModelAndView known(ApiException e) {
        return page(e.status(), e.getMessage());
    }

    @ExceptionHandler(value = Exception.class, produces = MediaType.TEXT_HTML_VALUE)
    ModelAndView unexpected(Exception e) {
        if (e instanceof ErrorResponse response) {
            // Spring MVC's own: a missing or malformed parameter, an unsupported method
            HttpStatus status = HttpStatus.valueOf(response.getStatusCode().value());
            String detail = response.getBody().getDetail();
            return page(status, detail == null ? status.getReasonPhrase() : detail);
        }
        log.error("Page failed", e);
        return page(HttpStatus.INTERNAL_SERVER_ERROR,
                "PerfGate failed to show this page (" + e.getClass().getSimpleName() + "). The server log has the details.");
    }

    private static ModelAndView page(HttpStatus status, String message) {
        ModelAndView page = new ModelAndView("problem");
        page.setStatus(status);
        page.addObject("status", status.value());
        page.addObject("title", status.getReasonPhrase());
        page.addObject("message", message);
        return page;
    }
}

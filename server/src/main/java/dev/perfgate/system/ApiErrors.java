package dev.perfgate.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.Collectors;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Path;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.context.request.async.AsyncRequestTimeoutException;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/** Turns every API error into RFC 9457 problem details with a message a person understands. */
@RestControllerAdvice
class ApiErrors extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiErrors.class);

    @ExceptionHandler(ApiException.class)
    ResponseEntity<ProblemDetail> apiException(ApiException e) {
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(e.status());
        if (e.retryAfterSeconds() != null) {
            answer.header(HttpHeaders.RETRY_AFTER, String.valueOf(e.retryAfterSeconds()));
        }
        return answer.body(problem(e.status(), e.getMessage()));
    }

    @ExceptionHandler(BodyTooLargeException.class)
    ProblemDetail tooLarge(BodyTooLargeException e) {
        return problem(HttpStatus.CONTENT_TOO_LARGE, e.getMessage());
    }

    /** A query or path parameter out of its range, checked by a {@code @Validated} controller. */
    @ExceptionHandler(ConstraintViolationException.class)
    ProblemDetail constraintViolation(ConstraintViolationException e) {
        List<String> fields = e.getConstraintViolations().stream().map(ApiErrors::field).distinct().sorted().toList();
        String message = e.getConstraintViolations().stream()
                .map(v -> field(v) + " " + v.getMessage()
                        + (v.getInvalidValue() == null ? "" : " (was '" + abbreviate(String.valueOf(v.getInvalidValue())) + "')"))
                .sorted().collect(Collectors.joining("; "));
        ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "Invalid request: " + message);
        problem.setProperty("fields", fields);
        return problem;
    }

    /** Tomcat could not decode a query parameter (e.g. {@code %ff%fe} is no UTF-8). */
    @ExceptionHandler(InvalidParameterException.class)
    ProblemDetail undecodableParameter(InvalidParameterException e) {
        return problem(HttpStatus.BAD_REQUEST, "A query parameter is not valid percent-encoded UTF-8");
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ProblemDetail> unexpected(Exception e) {
        if (TransientStoreFailure.isTransient(e)) {
            log.warn("The store is briefly unavailable, answered 503: {}", LogSafe.of(e.toString()));
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .header(HttpHeaders.RETRY_AFTER, String.valueOf(TransientStoreFailure.RETRY_AFTER_SECONDS))
                    .body(problem(HttpStatus.SERVICE_UNAVAILABLE, TransientStoreFailure.detail(e)));
        }
        log.error("Unexpected error", e);
        return ResponseEntity.internalServerError().body(problem(HttpStatus.INTERNAL_SERVER_ERROR,
                "PerfGate failed to handle the request: " + e.getClass().getSimpleName() + ". The server log has the details."));
    }

    /**
     * A call answered asynchronously (new runs and results wait in the intake) that had no answer within
     * {@code spring.mvc.async.request-timeout}: 503 that says so and when to retry, as for a busy store.
     */
    @Override
    protected ResponseEntity<Object> handleAsyncRequestTimeoutException(AsyncRequestTimeoutException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        log.warn("A call had no answer within the async request timeout, answered 503");
        HttpHeaders answer = new HttpHeaders();
        answer.addAll(headers);
        answer.set(HttpHeaders.RETRY_AFTER, String.valueOf(TransientStoreFailure.RETRY_AFTER_SECONDS));
        return handleExceptionInternal(e, problem(HttpStatus.SERVICE_UNAVAILABLE, "PerfGate could not answer this "
                + "call in time (busy); retry after " + TransientStoreFailure.RETRY_AFTER_SECONDS + " s"), answer,
                HttpStatus.SERVICE_UNAVAILABLE, request);
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        BodyTooLargeException tooLarge = findCause(e, BodyTooLargeException.class);
        if (tooLarge != null) {
            return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE).body(tooLarge(tooLarge));
        }
        return ResponseEntity.badRequest().body(problem(HttpStatus.BAD_REQUEST, describe(e)));
    }

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        String fields = e.getBindingResult().getFieldErrors().stream()
                .map(ApiErrors::describe).sorted().collect(Collectors.joining("; "));
        String global = e.getBindingResult().getGlobalErrors().stream()
                .map(error -> error.getDefaultMessage()).collect(Collectors.joining("; "));
        String message = "Invalid request: " + (fields.isEmpty() ? global : fields);
        return ResponseEntity.badRequest().body(problem(HttpStatus.BAD_REQUEST, message));
    }

    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        String message = e.getParameterValidationResults().stream()
                .map(result -> result.getMethodParameter().getParameterName() + " "
                        + result.getResolvableErrors().get(0).getDefaultMessage())
                .collect(Collectors.joining("; "));
        return ResponseEntity.badRequest().body(problem(HttpStatus.BAD_REQUEST, "Invalid request: " + message));
    }

    /**
     * Nothing answers the path: problem JSON for API callers, but a browser opening a page gets the servlet
     * container's error page (Boot's {@code /error}, rendering templates/error.html) with the same status.
     */
    @Override
    protected ResponseEntity<Object> handleNoResourceFoundException(NoResourceFoundException e, HttpHeaders headers,
            HttpStatusCode status, WebRequest request) {
        if (request instanceof ServletWebRequest servlet && servlet.getResponse() != null
                && wantsPage(servlet.getRequest())) {
            try {
                servlet.getResponse().sendError(status.value());
            } catch (IOException failed) {
                throw new UncheckedIOException(failed);
            }
            return null;
        }
        return super.handleNoResourceFoundException(e, headers, status, request);
    }

    /** A browser opening a page: a path outside /api/ and HTML asked for by name (a wildcard alone is an API client). */
    static boolean wantsPage(HttpServletRequest request) {
        if (request.getRequestURI().startsWith(request.getContextPath() + "/api/")) {
            return false;
        }
        try {
            return MediaType.parseMediaTypes(request.getHeader(HttpHeaders.ACCEPT)).stream()
                    .anyMatch(type -> !type.isWildcardType() && type.getQualityValue() > 0
                            && type.isCompatibleWith(MediaType.TEXT_HTML));
        } catch (InvalidMediaTypeException unreadable) {
            return false;
        }
    }

    static ProblemDetail problem(HttpStatus status, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(status.getReasonPhrase());
        return problem;
    }

    /** The parameter's name: the last node of a path such as {@code list.limit}. */
    private static String field(ConstraintViolation<?> violation) {
        String name = null;
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getName() != null) {
                name = node.getName();
            }
        }
        return name == null ? String.valueOf(violation.getPropertyPath()) : name;
    }

    private static String describe(FieldError error) {
        return error.getField() + " " + error.getDefaultMessage()
                + (error.getRejectedValue() == null ? "" : " (was '" + abbreviate(String.valueOf(error.getRejectedValue())) + "')");
    }

    private static String describe(HttpMessageNotReadableException e) {
        UnrecognizedPropertyException unknown = findCause(e, UnrecognizedPropertyException.class);
        if (unknown != null) {
            List<String> known = unknown.getKnownPropertyIds() == null ? List.of()
                    : unknown.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList();
            String at = JsonProblems.path(unknown);
            return "Unknown field '" + unknown.getPropertyName() + "'"
                    + (at.isEmpty() || at.equals(unknown.getPropertyName()) ? "" : " at " + at)
                    + (known.isEmpty() ? "" : "; known fields: " + String.join(", ", known));
        }
        DatabindException binding = findCause(e, DatabindException.class);
        if (binding != null) {
            return JsonProblems.describe("Invalid value", binding);
        }
        JacksonException json = findCause(e, JacksonException.class);
        if (json != null) {
            return "Malformed JSON: " + json.getOriginalMessage()
                    .replaceAll("\\s*\\(start marker at \\[Source:[^)]*\\)", "")
                    .replaceAll("\\s*at \\[Source:.*", "");
        }
        return "The request body is missing or unreadable";
    }

    private static String abbreviate(String value) {
        return value.length() > 80 ? value.substring(0, 77) + "..." : value;
    }

    private static <T extends Throwable> T findCause(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}

package dev.perfgate.system;

import org.springframework.http.HttpStatus;

/** An error a caller can act on: its status and a sentence a person understands. */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final Integer retryAfterSeconds;

    public ApiException(HttpStatus status, String message) {
        this(status, message, null);
    }

    private ApiException(HttpStatus status, String message, Integer retryAfterSeconds) {
        super(message);
        this.status = status;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public HttpStatus status() {
        return status;
    }

    /** Seconds the caller is asked to wait before it tries again (the Retry-After header); null: not said. */
    public Integer retryAfterSeconds() {
        return retryAfterSeconds;
    }

    public static ApiException unavailable(String message, int retryAfterSeconds) {
        return new ApiException(HttpStatus.SERVICE_UNAVAILABLE, message, retryAfterSeconds);
    }

    public static ApiException notFound(String message) {
        return new ApiException(HttpStatus.NOT_FOUND, message);
    }

    public static ApiException badRequest(String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, message);
    }

    public static ApiException conflict(String message) {
        return new ApiException(HttpStatus.CONFLICT, message);
    }
}

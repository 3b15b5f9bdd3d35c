package dev.perfgate.demo;

import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/** Checks of the endpoints' query parameters: out of range is a 400 that names the parameter and its range. */
public final class RequestParams {

    private RequestParams() {
    }

    /** A 400 "{@code name} must be {@code min}..{@code max}" when {@code value} is outside that range. */
    public static void requireInRange(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, name + " must be " + min + ".." + max);
        }
    }
}

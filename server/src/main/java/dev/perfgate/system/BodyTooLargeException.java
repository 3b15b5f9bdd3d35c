package dev.perfgate.system;

import java.io.IOException;

/** A request body over the configured limit. */
class BodyTooLargeException extends IOException {

    BodyTooLargeException(long limit) {
        super("The request body is larger than the limit of " + limit + " bytes (perfgate.api.max-body-bytes)");
    }
}

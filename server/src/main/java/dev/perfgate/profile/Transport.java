package dev.perfgate.profile;

import java.io.IOException;
import java.net.URI;

/** The HTTP exchanges {@link PyroscopeClient} needs, so that its logic can be tested on recorded responses. */
interface Transport {

    Response get(URI uri) throws IOException, InterruptedException;

    Response postJson(URI uri, String body) throws IOException, InterruptedException;

    /** Status and body of an answer. */
    record Response(int status, String body) {
    }
}

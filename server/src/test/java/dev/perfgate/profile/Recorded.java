package dev.perfgate.profile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Recorded and handwritten server responses under {@code src/test/resources/profile/}. */
final class Recorded {

    private Recorded() {
    }

    static String read(String name) {
        try (InputStream in = Recorded.class.getResourceAsStream("/profile/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource profile/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Profile decode(String name) {
        try {
            return FlamebearerDecoder.decode(read(name));
        } catch (MalformedProfileException e) {
            throw new AssertionError(name + " should decode", e);
        }
    }
}

package dev.perfgate.profile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Recorded and handwritten server responses under {@code src/test/resources/profile/}. */
final class Recorded {

    /**
     * The folded stacks (100 Hz samples) that Pyroscope answered with {@code classic-cpu-baseline.json} and
     * {@code classic-0.37.2-render.json}: what PyroscopeClassicIT ingests as its baseline.
     */
    static final String CLASSIC_BASELINE_STACKS = """
            com/acme/App.main;com/acme/Handler.handle;com/acme/Json.parse 300
            com/acme/App.main;com/acme/Handler.handle;com/acme/Db.query 200
            com/acme/App.main;com/acme/Handler.handle 100
            com/acme/App.main;com/acme/Gc.run 50
            com/acme/App.main;com/acme/Tree.walk;com/acme/Tree.walk;com/acme/Tree.walk 150
            com/acme/App.main;com/acme/Tree.walk;com/acme/Tree.walk 30
            """;

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

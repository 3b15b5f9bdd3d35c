package dev.perfgate.profile;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Answers by path with recorded responses or failures, and remembers what was asked. */
final class FakeTransport implements Transport {

    /** What the fake does for one path. */
    interface Answer {
        Response answer() throws IOException;
    }

    private final Map<String, Answer> answers = new LinkedHashMap<>();
    final List<URI> requested = new ArrayList<>();
    final List<String> posted = new ArrayList<>();

    FakeTransport on(String path, int status, String body) {
        answers.put(path, () -> new Response(status, body));
        return this;
    }

    FakeTransport failOn(String path, IOException failure) {
        answers.put(path, () -> {
            throw failure;
        });
        return this;
    }

    @Override
    public Response get(URI uri) throws IOException {
        requested.add(uri);
        return answerFor(uri);
    }

    @Override
    public Response postJson(URI uri, String body) throws IOException {
        requested.add(uri);
        posted.add(body);
        return answerFor(uri);
    }

    private Response answerFor(URI uri) throws IOException {
        Answer answer = answers.get(uri.getPath());
        if (answer == null) {
            return new Response(404, "404 page not found");
        }
        return answer.answer();
    }
}

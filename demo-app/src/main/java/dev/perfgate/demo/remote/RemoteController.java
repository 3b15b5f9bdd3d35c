package dev.perfgate.demo.remote;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** {@code GET /api/remote?delayMs=N}: a call to a remote service that answers after N ms. */
@RestController
class RemoteController {

    static final long MAX_DELAY_MS = 5_000;

    private final RemoteClient client;

    RemoteController(RemoteClient client) {
        this.client = client;
    }

    @GetMapping("/api/remote")
    RemoteClient.RemoteResult call(@RequestParam(defaultValue = "20") long delayMs) throws InterruptedException {
        if (delayMs < 0 || delayMs > MAX_DELAY_MS) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "delayMs must be 0.." + MAX_DELAY_MS);
        }
        return client.call(delayMs);
    }
}

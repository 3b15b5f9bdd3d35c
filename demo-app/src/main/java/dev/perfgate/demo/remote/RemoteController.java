package dev.perfgate.demo.remote;

import lombok.RequiredArgsConstructor;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfgate.demo.RequestParams;

/** {@code GET /api/remote?delayMs=N}: a call to a remote service that answers after N ms. */
@RestController
@RequiredArgsConstructor
class RemoteController {

    static final long MAX_DELAY_MS = 5_000;

    private final RemoteClient client;

    @GetMapping("/api/remote")
    RemoteClient.RemoteResult call(@RequestParam(defaultValue = "20") long delayMs) throws InterruptedException {
        RequestParams.requireInRange("delayMs", delayMs, 0, MAX_DELAY_MS);
        return client.call(delayMs);
    }
}

package dev.perfgate.system;

/**
 * A bean present when PerfGate runs on its embedded store. That store lives in this process, so no other PerfGate
 * instance writes to it: what this instance remembers of the store (e.g. which runs are running) is all there is.
 */
public final class EmbeddedStore {

    EmbeddedStore() {
    }
}

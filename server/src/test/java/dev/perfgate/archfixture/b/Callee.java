package dev.perfgate.archfixture.b;

import dev.perfgate.archfixture.a.Caller;

/** The other half of the deliberate cycle: it calls back into package {@code a}. */
public class Callee {

    public int answer() {
        return 42;
    }

    public Caller back() {
        return new Caller();
    }
}

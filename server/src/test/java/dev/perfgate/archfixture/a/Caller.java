package dev.perfgate.archfixture.a;

import dev.perfgate.archfixture.b.Callee;

/** Half of a deliberate package cycle: {@code ArchitectureTest} shows its cycle rule fails on it. */
public class Caller {

    public int call() {
        return new Callee().answer();
    }
}

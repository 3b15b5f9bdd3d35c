package dev.perfgate.client.it;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Injects the one {@link PerfGateServer} of the test JVM: started by the first test that asks, stopped when all
 * tests are done (it lives in the root store, which closes it).
 */
public final class PerfGateServerExtension implements ParameterResolver {

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext extension) {
    return parameter.getParameter().getType() == PerfGateServer.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext extension) {
    return extension.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
        .computeIfAbsent(PerfGateServer.class, type -> {
          try {
            PerfGateServer server = PerfGateServer.start();
            System.out.println("PerfGate server for the ITs at " + server.url() + ", UP after "
                + server.startup().toMillis() + " ms");
            return server;
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
          }
        }, PerfGateServer.class);
  }
}

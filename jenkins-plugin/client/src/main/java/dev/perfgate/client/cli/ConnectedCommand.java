package dev.perfgate.client.cli;

import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * A command that talks to PerfGate. Its help lists its own options in their order (superclasses' first), then the
 * connection options and --help, which {@link ConnectionOptions} orders last; it runs with the process' context.
 */
@Command(sortOptions = false)
abstract class ConnectedCommand implements Callable<Integer> {

  @Mixin
  ConnectionOptions connection;

  @Override
  public final Integer call() throws IOException, InterruptedException {
    return call(connection.context());
  }

  /** Does the command; returns its exit code (an exception is exit 1, see {@link PerfGateCli}). */
  abstract int call(PerfGateCli.Context context) throws IOException, InterruptedException;
}

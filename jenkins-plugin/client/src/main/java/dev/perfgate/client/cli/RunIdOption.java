package dev.perfgate.client.cli;

import picocli.CommandLine.Option;

/** The run a separate step (upload, end, verdict) works on. */
final class RunIdOption {

  @Option(names = "--run", required = true, paramLabel = "ID", description = "The run's PerfGate id (from start)")
  String value;
}

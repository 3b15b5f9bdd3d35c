package dev.perfgate.client.cli;

import picocli.CommandLine.Mixin;

/** One of the separate steps on a run that {@code start} began (upload, end, verdict): --run comes first. */
abstract class RunStepCommand extends ConnectedCommand {

  @Mixin
  RunIdOption runId;
}

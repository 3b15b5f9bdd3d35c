package dev.perfgate.client.cli;

import picocli.CommandLine.Mixin;

/**
 * The one-step gates ({@code run}, {@code report}): a run of a series, its results, and what the verdict does to
 * the exit code.
 */
abstract class GateCommand extends ConnectedCommand {

  @Mixin
  RunOptions run;

  @Mixin
  ResultsOptions results;

  @Mixin
  PolicyOptions policy;
}

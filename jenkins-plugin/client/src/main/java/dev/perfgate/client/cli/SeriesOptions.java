package dev.perfgate.client.cli;

import java.util.List;
import java.util.Set;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * The series a command is about, as three options: required, except where a command says otherwise with
 * {@link NotRequired} (picocli fixes {@code required} in the annotation, so a mixin cannot vary it per command).
 */
final class SeriesOptions {

  private static final Set<String> NAMES = Set.of("--system", "--workload", "--environment");

  @Option(names = "--system", required = true, paramLabel = "NAME", description = "System under test")
  String system;

  @Option(names = "--workload", required = true, paramLabel = "NAME", description = "Workload (the load script)")
  String workload;

  @Option(names = "--environment", required = true, paramLabel = "NAME", description = "Test environment")
  String environment;

  /**
   * For a command that also takes the series another way ({@code backtest --series}) and checks it itself: the same
   * three options, not required. The command's options are added again in their order, so its help keeps it.
   */
  static final class NotRequired implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec command) {
      List<OptionSpec> options = List.copyOf(command.options());
      options.forEach(command::remove);
      for (OptionSpec option : options) {
        command.addOption(NAMES.contains(option.longestName()) ? option.toBuilder().required(false).build() : option);
      }
      return command;
    }
  }
}

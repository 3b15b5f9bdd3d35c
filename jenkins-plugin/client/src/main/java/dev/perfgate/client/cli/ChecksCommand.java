package dev.perfgate.client.cli;

import dev.perfgate.definition.DefinitionDirectory;
import dev.perfgate.definition.DefinitionParser;
import dev.perfgate.definition.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code perfgate checks validate <dir>}: lints gate definitions offline, as the server would read them;
 * {@code perfgate checks backtest <file>}: {@link BacktestCommand}.
 */
@Command(name = "checks", description = "Gate definitions (checks/*.yaml)",
    subcommands = {ChecksCommand.Validate.class, BacktestCommand.class})
final class ChecksCommand implements Runnable {

  @ParentCommand
  PerfGateCli parent;

  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(spec.commandLine(), "give a subcommand: validate or backtest");
  }

  /** Reads every definition with the server's own parser and prints each problem as file:line: message. */
  @Command(name = "validate", description = {"Checks every *.yaml / *.yml in DIR with the server's rules (syntax,"
      + " schema, units, unique ids) without a server.", "Prints file:line: message per problem; exit 0 when there is"
      + " none, 1 otherwise."})
  static final class Validate implements Callable<Integer> {

    @ParentCommand
    ChecksCommand checks;

    @Parameters(paramLabel = "DIR", description = "The checks directory, e.g. checks")
    Path dir;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help")
    boolean help;

    @Override
    public Integer call() throws IOException {
      PerfGateCli.Context context = checks.parent.context;
      if (!Files.isDirectory(dir)) {
        context.err().println("perfgate: " + dir + " is not a directory");
        return 1;
      }
      List<DefinitionParser.Result> results = DefinitionDirectory.read(dir);
      if (results.isEmpty()) {
        context.err().println(dir + ": no *.yaml or *.yml files to check");
        return 1;
      }
      List<Problem> all = new ArrayList<>();
      int checkCount = 0;
      for (DefinitionParser.Result result : results) {
        all.addAll(result.problems());
        if (result.ok()) {
          checkCount += result.definition().checks().size();
        }
      }
      // two files that judge the same series: the server judges its runs INCONCLUSIVE
      all.addAll(DefinitionDirectory.overlaps(
          results.stream().filter(DefinitionParser.Result::ok).map(DefinitionParser.Result::definition).toList()));
      for (Problem problem : all) {
        context.out().println(dir.resolve(problem.file()) + (problem.line() > 0 ? ":" + problem.line() : "") + ": "
            + oneLine(problem.message()));
      }
      int problems = all.size();
      long broken = all.stream().map(Problem::file).distinct().count();
      if (problems == 0) {
        context.err().println(dir + ": " + results.size() + " file(s), " + checkCount + " check(s), no problems");
        return 0;
      }
      context.err().println(dir + ": " + problems + " problem(s) in " + broken + " of " + results.size() + " file(s)");
      return 1;
    }

    /**
     * One line per problem, as compilers print them, so editors and CI annotate it: the YAML parser's own pointer
     * lines ("in reader, line 3", "^") go, file:line already says where.
     */
    static String oneLine(String message) {
      return message.lines().map(String::strip)
          .filter(line -> !line.isEmpty() && !line.equals("^") && !line.startsWith("in reader"))
          .collect(Collectors.joining("; "));
    }
  }
}

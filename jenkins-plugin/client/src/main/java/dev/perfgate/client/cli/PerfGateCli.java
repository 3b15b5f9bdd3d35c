package dev.perfgate.client.cli;

import dev.perfgate.client.api.PerfGateException;
import dev.perfgate.client.gate.GatePolicy;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code perfgate} command line: records a load test at PerfGate and turns its verdict into an exit code
 * (0 pass, 2 warn, 3 fail, 1 error). Subcommands: {@code run} (brackets a command), {@code start}, {@code upload},
 * {@code end}, {@code verdict} (the same as separate steps), {@code report} (results made elsewhere) and
 * {@code checks validate} (lints gate definitions offline) and {@code backtest} (replays a series' history through a
 * checks file).
 */
@Command(name = "perfgate",
    mixinStandardHelpOptions = true,
    versionProvider = PerfGateCli.Version.class,
    description = "Records load tests at PerfGate and gates CI on the verdict.%n"
        + "Exit codes: 0 pass, 2 warn (see --warn-exit), 3 fail, 1 error (PerfGate unreachable, no verdict in time,"
        + " the load test failed, bad arguments).",
    subcommands = {RunCommand.class, StartCommand.class, UploadCommand.class, EndCommand.class, VerdictCommand.class,
        ReportCommand.class, ChecksCommand.class, BacktestCommand.class, CommandLine.HelpCommand.class})
public final class PerfGateCli implements Runnable {

  /** What a command needs from its process: the environment and the two output streams. */
  record Context(Map<String, String> env, PrintStream out, PrintStream err) {
  }

  final Context context;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  PerfGateCli(Context context) {
    this.context = context;
  }

  public static void main(String[] args) {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
    System.exit(execute(args, System.getenv(), out, err));
  }

  /** Runs the command line and returns its exit code; never exits the JVM. */
  public static int execute(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
    return commandLine(new Context(env, out, err)).execute(args);
  }

  /** The command line, set up: case-insensitive enums, and exit code 1 for every usage and execution error. */
  static CommandLine commandLine(Context context) {
    PrintStream err = context.err();
    CommandLine cli = new CommandLine(new PerfGateCli(context));
    cli.setOut(new PrintWriter(context.out(), true));
    cli.setErr(new PrintWriter(err, true));
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    // picocli's own usage-error code is 2, which is our WARN
    cli.setParameterExceptionHandler((ex, arguments) -> {
      err.println("perfgate: " + ex.getMessage());
      if (!CommandLine.UnmatchedArgumentException.printSuggestions(ex, err)) {
        err.println("Try 'perfgate " + (ex.getCommandLine().getCommandSpec().qualifiedName().replaceFirst("^perfgate ?", "")
            + " --help").strip() + "'.");
      }
      return GatePolicy.EXIT_ERROR;
    });
    cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      err.println("perfgate: " + describe(ex));
      if (!(ex instanceof IOException) && !(ex instanceof IllegalArgumentException)
          && !(ex instanceof InterruptedException)) {
        ex.printStackTrace(err);
      }
      return GatePolicy.EXIT_ERROR;
    });
    return cli;
  }

  static String describe(Exception ex) {
    if (ex instanceof PerfGateException || ex instanceof IllegalArgumentException) {
      return ex.getMessage();
    }
    if (ex instanceof InterruptedException) {
      return "interrupted";
    }
    return ex instanceof IOException ? "error: " + ex.getMessage() : ex.toString();
  }

  @Override
  public void run() {
    spec.commandLine().usage(context.err());
    throw new CommandLine.ParameterException(spec.commandLine(), "give a command");
  }

  /** The version from the jar's manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = PerfGateCli.class.getPackage().getImplementationVersion();
      return new String[] {"perfgate " + (version == null ? "(development build)" : version)};
    }
  }
}

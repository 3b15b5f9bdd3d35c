package dev.perfgate.client.cli;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/** Runs the load-test command with the terminal's streams and times it: the run's window is exactly its life. */
final class CommandRunner {

  /** How the command ended, and when it ran. */
  record Result(int exitCode, Instant start, Instant end) {
  }

  private final Clock clock;

  CommandRunner(Clock clock) {
    this.clock = clock;
  }

  /**
   * Runs {@code command}; {@code onStop} runs if the JVM is stopped (CI cancels the job) while the command runs,
   * after the command was stopped.
   */
  Result run(List<String> command, Runnable onStop) throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
    Instant start = clock.instant();
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new IOException("cannot start the load test command " + command + ": " + e.getMessage(), e);
    }
    Thread stop = new Thread(() -> {
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
      onStop.run();
    }, "perfgate-stop");
    Runtime.getRuntime().addShutdownHook(stop);
    int exitCode;
    try {
      exitCode = process.waitFor();
    } catch (InterruptedException e) {
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
      throw e;
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(stop);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running or has run
      }
    }
    return new Result(exitCode, start, clock.instant());
  }
}

package dev.orchestrator.cli;

/**
 * A failure a command reports with a specific exit code and a one-line message (no stack trace).
 */
public final class CliException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final int exitCode;

  /** A failure with this exit code and message. */
  public CliException(int exitCode, String message) {
    super(message);
    this.exitCode = exitCode;
  }

  /** A failure with this exit code, message and cause. */
  public CliException(int exitCode, String message, Throwable cause) {
    super(message, cause);
    this.exitCode = exitCode;
  }

  /** Bad usage (exit 2). */
  public static CliException usage(String message) {
    return new CliException(OrchestratorCli.EXIT_USAGE, message);
  }

  /** Unreadable or invalid input file (exit 3). */
  public static CliException input(String message, Throwable cause) {
    return new CliException(OrchestratorCli.EXIT_INPUT, message, cause);
  }

  /** The exit code. */
  public int exitCode() {
    return exitCode;
  }
}

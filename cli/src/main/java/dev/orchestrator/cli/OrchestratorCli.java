package dev.orchestrator.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code orchestrator} command. Thin: parse, call the library, print. Exit codes (CONTRACT §0):
 * {@code 0} done, {@code 2} bad usage, {@code 3} unreadable or invalid input file, {@code 1}
 * anything else.
 */
@Command(
    name = "orchestrator",
    mixinStandardHelpOptions = true,
    versionProvider = OrchestratorCli.Version.class,
    description = "Routes LLM chat requests across providers with typed failover.",
    subcommands = {
      CommandLine.HelpCommand.class,
      RouteCommand.class,
      ClassifyCommand.class,
      ClassifyToolCommand.class,
      SimulateCommand.class,
      ChatCommand.class,
      CatalogCommand.class,
      PreflightCommand.class,
      ServeCommand.class,
    })
public final class OrchestratorCli implements Runnable {

  /** Exit code: the command did its job. */
  public static final int EXIT_OK = 0;

  /** Exit code: anything else went wrong. */
  public static final int EXIT_ERROR = 1;

  /** Exit code: bad usage (unknown option, unknown model…). */
  public static final int EXIT_USAGE = 2;

  /** Exit code: an input file is unreadable or invalid. */
  public static final int EXIT_INPUT = 3;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Entry point. */
  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line with the given streams; returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = new CommandLine(new OrchestratorCli());
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler(new ErrorHandler());
    cl.setParameterExceptionHandler(
        (ex, a) -> {
          ex.getCommandLine().getErr().println("error: " + ex.getMessage());
          ex.getCommandLine()
              .getErr()
              .println("Try '" + fullName(ex.getCommandLine()) + " --help'.");
          return EXIT_USAGE;
        });
    int code = cl.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  private static String fullName(CommandLine cl) {
    return cl.getCommandSpec().qualifiedName(" ");
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Maps exceptions escaping a command to an exit code and a one-line message on stderr. */
  static final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(
        Exception ex, CommandLine cl, CommandLine.ParseResult parseResult) {
      PrintWriter err = cl.getErr();
      if (ex instanceof CliException) {
        CliException ce = (CliException) ex;
        err.println("error: " + ce.getMessage());
        return ce.exitCode();
      }
      err.println("error: " + ex);
      return EXIT_ERROR;
    }
  }

  /** Reads the version from the jar manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = OrchestratorCli.class.getPackage().getImplementationVersion();
      return new String[] {"orchestrator " + (v == null ? "dev" : v)};
    }
  }
}

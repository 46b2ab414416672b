package dev.orchestrator.cli;

import dev.orchestrator.catalog.CatalogException;
import dev.orchestrator.engine.plan.UnknownModelException;
import java.io.PrintWriter;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code orchestrator} command. Thin: parse, call the library, print. Exit codes ({@code
 * docs/reference.md} §0): {@code 0} done, {@code 2} bad usage, {@code 3} unreadable or invalid
 * input file, {@code 1} anything else, an output that could not be written included. Under {@code
 * --json} every failure, usage errors included, still prints one JSON error document on stdout.
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
    giveEveryCommandTheVersion(cl);
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler(new ErrorHandler());
    cl.setParameterExceptionHandler(
        (ex, a) -> {
          CommandLine at = ex.getCommandLine();
          String message = UsageMessages.of(ex);
          if (wantsJson(a)) {
            at.getOut().println(Json.write(errorDocument(CliException.usage(message))));
          }
          at.getErr().println("error: " + message);
          at.getErr().println("Try '" + fullName(at) + " --help'.");
          return EXIT_USAGE;
        });
    int code = cl.execute(args);
    if (out.checkError() && code == EXIT_OK) {
      // a PrintWriter swallows write errors (a full disk, a closed pipe): the job was not done
      err.println("error: cannot write the output to stdout");
      code = EXIT_ERROR;
    }
    err.flush();
    return code;
  }

  /** Whether {@code --json} was asked for (before any {@code --} end-of-options marker). */
  static boolean wantsJson(String[] args) {
    for (String a : args) {
      if (a.equals("--")) {
        return false;
      }
      if (a.equals("--json")) {
        return true;
      }
    }
    return false;
  }

  /** {@code {"error": {...}}}: the one document a failing command prints under {@code --json}. */
  static Map<String, Object> errorDocument(CliException e) {
    return Map.of("error", e.errorObject());
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
      CliException ce = asCliException(ex);
      if (wantsJson(parseResult.originalArgs().toArray(new String[0]))) {
        cl.getOut().println(Json.write(errorDocument(ce)));
        cl.getOut().flush();
      }
      cl.getErr().println("error: " + ce.getMessage());
      return ce.exitCode();
    }

    private static CliException asCliException(Exception ex) {
      if (ex instanceof CliException ce) {
        return ce;
      }
      if (ex instanceof UnknownModelException u) {
        return CliException.unknownModel(u);
      }
      if (ex instanceof CatalogException c) {
        return CliException.input(c.getMessage(), c);
      }
      // Never a stack trace; the class name only when the exception says nothing else.
      String m = ex.getMessage();
      return new CliException(
          EXIT_ERROR, m == null || m.isBlank() ? ex.getClass().getSimpleName() : m, ex);
    }
  }

  /** Every subcommand's help offers {@code --version}: without a provider it printed nothing. */
  private static void giveEveryCommandTheVersion(CommandLine cl) {
    for (CommandLine sub : cl.getSubcommands().values()) {
      if (sub.getCommandSpec().versionProvider() == null
          && sub.getCommandSpec().version().length == 0) {
        sub.getCommandSpec().versionProvider(new Version());
      }
      giveEveryCommandTheVersion(sub);
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

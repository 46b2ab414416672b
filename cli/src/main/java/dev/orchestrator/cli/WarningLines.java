package dev.orchestrator.cli;

import java.io.PrintWriter;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;

/**
 * A library's log records as a one-shot command reports them: each warning one line {@code warning:
 * …} on the command's stderr, like the catalog's own warnings, instead of java.util.logging's two
 * lines with a timestamp and a class name. Lower levels are dropped. The lines are held until the
 * command has its result ({@link #print}): a command that fails says so in its error line, which
 * names the same problem. Thread-safe.
 */
final class WarningLines implements System.Logger {
  private final List<String> lines = new ArrayList<>();

  @Override
  public String getName() {
    return "cli";
  }

  @Override
  public boolean isLoggable(Level level) {
    return level.getSeverity() >= Level.WARNING.getSeverity();
  }

  @Override
  public synchronized void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
    if (isLoggable(level)) {
      lines.add(msg);
    }
  }

  @Override
  public void log(Level level, ResourceBundle bundle, String format, Object... params) {
    log(
        level,
        bundle,
        params == null || params.length == 0 ? format : MessageFormat.format(format, params),
        (Throwable) null);
  }

  /** Prints the warnings held so far, one line each, and forgets them. */
  synchronized void print(PrintWriter err) {
    lines.forEach(l -> err.println("warning: " + l));
    lines.clear();
  }
}

package dev.orchestrator.cli;

import java.util.Properties;
import java.util.logging.ConsoleHandler;
import java.util.logging.Handler;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * {@code serve}'s log lines (docs/reference.md §5): one line per record, {@code
 * 2026-12-01T08:00:00.000+0000 WARNING dev.orchestrator.catalog.CatalogRefresher: catalog refresh
 * failed …}, with a thrown exception's stack trace after it, instead of java.util.logging's default
 * of two lines per record. The format is {@link SimpleFormatter}'s own, set only when the operator
 * has not configured java.util.logging ({@code java.util.logging.config.file} or {@code .class}, or
 * {@code java.util.logging.SimpleFormatter.format}): what they configured is kept as it is. Not
 * thread-safe; called once, before the server starts.
 */
final class ServeLog {
  /** The system property {@link SimpleFormatter} reads its format from. */
  static final String FORMAT_PROPERTY = "java.util.logging.SimpleFormatter.format";

  /** Time, level, logger and message, then the exception when there is one. */
  static final String FORMAT =
      "%1$tY-%1$tm-%1$tdT%1$tH:%1$tM:%1$tS.%1$tL%1$tz %4$s %3$s: %5$s%6$s%n";

  private ServeLog() {}

  /** Whether {@code system} (the system properties) configures java.util.logging. */
  static boolean configured(Properties system) {
    return system.getProperty("java.util.logging.config.file") != null
        || system.getProperty("java.util.logging.config.class") != null
        || system.getProperty(FORMAT_PROPERTY) != null;
  }

  /**
   * Sets {@link #FORMAT} for this process unless java.util.logging is configured.
   *
   * @return whether it did
   */
  static boolean install() {
    if (configured(System.getProperties())) {
      return false;
    }
    System.setProperty(FORMAT_PROPERTY, FORMAT);
    // A console handler made before (by an earlier log record) read the default format.
    for (Handler h : Logger.getLogger("").getHandlers()) {
      if (h instanceof ConsoleHandler) {
        h.setFormatter(new SimpleFormatter());
      }
    }
    return true;
  }
}

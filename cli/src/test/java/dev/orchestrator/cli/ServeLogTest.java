package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code serve}'s log lines: one per record, unless the operator configured java.util.logging. */
class ServeLogTest {
  private static final String LINE =
      "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}[+-]\\d{4} WARNING"
          + " dev\\.orchestrator\\.catalog\\.CatalogRefresher: catalog source a\\.yaml: no such"
          + " file\\R";

  @ParameterizedTest
  @ValueSource(
      strings = {
        "java.util.logging.config.file",
        "java.util.logging.config.class",
        "java.util.logging.SimpleFormatter.format"
      })
  void anOperatorsOwnConfigurationIsLeftAsItIs(String property) {
    Properties given = new Properties();
    given.setProperty(property, "theirs");

    assertThat(ServeLog.configured(given)).isTrue();
    assertThat(ServeLog.configured(new Properties())).isFalse();
  }

  @Test
  void aRecordIsOneLineOfTimeLevelLoggerAndMessageWithItsExceptionAfterIt() {
    assumeFalse(ServeLog.configured(System.getProperties()), "JUL configured for this run");
    Logger root = Logger.getLogger("");
    Handler console = new ConsoleHandler(); // made before: its formatter read the old format
    root.addHandler(console);
    List<Formatter> before = new ArrayList<>();
    for (Handler h : root.getHandlers()) {
      before.add(h.getFormatter());
    }
    try {
      assertThat(ServeLog.install()).isTrue();

      LogRecord r = new LogRecord(Level.WARNING, "catalog source {0}: no such file");
      r.setParameters(new Object[] {"a.yaml"});
      r.setLoggerName("dev.orchestrator.catalog.CatalogRefresher");
      assertThat(console.getFormatter().format(r)).matches(LINE);

      r.setThrown(new IllegalStateException("boom"));
      String[] lines = console.getFormatter().format(r).split("\\R");
      assertThat(lines[0] + "\n").matches(LINE);
      assertThat(lines[1]).isEqualTo("java.lang.IllegalStateException: boom");
      assertThat(lines[2]).startsWith("\tat dev.orchestrator.cli.ServeLogTest.");
    } finally {
      System.clearProperty(ServeLog.FORMAT_PROPERTY);
      Handler[] handlers = root.getHandlers();
      for (int i = 0; i < handlers.length; i++) {
        handlers[i].setFormatter(before.get(i));
      }
      root.removeHandler(console);
    }
  }
}

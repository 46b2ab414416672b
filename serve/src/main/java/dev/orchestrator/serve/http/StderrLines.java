package dev.orchestrator.serve.http;

import java.io.Flushable;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * The access log's sink on standard error: lines gather until the log's writer flushes at the end
 * of each batch, then leave in one write — whole lines only, so nothing else written to standard
 * error lands inside one. Called from the access log's one thread.
 */
public final class StderrLines implements Consumer<String>, Flushable {
  private final PrintStream err;
  private final StringBuilder pending = new StringBuilder(4096);

  /** A sink writing to {@code err}. */
  public StderrLines(PrintStream err) {
    this.err = err;
  }

  @Override
  public void accept(String line) {
    pending.append(line).append('\n');
  }

  @Override
  public void flush() {
    if (pending.length() == 0) {
      return;
    }
    byte[] bytes = pending.toString().getBytes(StandardCharsets.UTF_8);
    pending.setLength(0);
    err.write(bytes, 0, bytes.length);
    err.flush();
  }
}

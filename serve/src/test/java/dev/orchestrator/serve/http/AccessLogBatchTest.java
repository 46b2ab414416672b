package dev.orchestrator.serve.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.Flushable;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The access log's writer hands lines to its sink in batches and flushes a flushable sink after
 * each; the standard-error sink leaves each batch in one write of whole lines.
 */
class AccessLogBatchTest {
  /** Records lines and flushes, in order (called from the log's one thread). */
  static final class Recording implements Consumer<String>, Flushable {
    final List<String> events = new ArrayList<>();

    @Override
    public synchronized void accept(String line) {
      events.add(line);
    }

    @Override
    public synchronized void flush() {
      events.add("<flush>");
    }

    synchronized List<String> snapshot() {
      return List.copyOf(events);
    }
  }

  @Test
  void everyLineIsWrittenAndFlushedBeforeCloseReturns() {
    Recording sink = new Recording();
    AccessLog log = AccessLog.to(sink);
    for (int i = 0; i < 500; i++) {
      AccessLog.Entry e = new AccessLog.Entry("POST", "/v1/chat/completions");
      e.status = 200;
      e.model = "m" + i;
      log.log(e);
    }
    log.close();

    List<String> events = sink.snapshot();
    List<String> lines = events.stream().filter(s -> !s.equals("<flush>")).toList();
    assertThat(lines).hasSize(500);
    for (int i = 0; i < lines.size(); i++) {
      assertThat(lines.get(i)).contains("\"model\":\"m" + i + "\"");
    }
    assertThat(events.get(events.size() - 1)).isEqualTo("<flush>"); // nothing left unflushed
  }

  /**
   * {@code durationMs} counts from the request's arrival at the connector, as {@code ttftMs} does:
   * time queued before a handler took it is in both, so the first token never comes after the end.
   */
  @Test
  void durationCountsFromTheRequestsArrivalNotFromWhenItWasHandled() {
    Recording sink = new Recording();
    AccessLog log = AccessLog.to(sink);
    long arrived = System.nanoTime() - TimeUnit.SECONDS.toNanos(3);
    AccessLog.Entry e = new AccessLog.Entry("POST", "/v1/chat/completions", arrived);
    e.status = 200;
    log.log(e);
    log.close();

    String line = sink.snapshot().get(0);
    long duration = Long.parseLong(line.replaceAll(".*\"durationMs\":(\\d+).*", "$1"));
    assertThat(duration).isGreaterThanOrEqualTo(3000);
  }

  @Test
  void theStandardErrorSinkWritesABatchAsOneWriteOfWholeLines() {
    List<String> writes = new ArrayList<>();
    PrintStream err =
        new PrintStream(
            new ByteArrayOutputStream() {
              @Override
              public synchronized void write(byte[] b, int off, int len) {
                writes.add(new String(b, off, len, StandardCharsets.UTF_8));
              }
            },
            true,
            StandardCharsets.UTF_8);
    StderrLines sink = new StderrLines(err);
    sink.accept("{\"a\":1}");
    sink.accept("{\"b\":\"é\"}");
    assertThat(writes).isEmpty();
    sink.flush();
    sink.flush(); // nothing new: no write
    assertThat(writes).containsExactly("{\"a\":1}\n{\"b\":\"é\"}\n");
  }
}

package dev.orchestrator.serve;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The structured access log: one JSON object per request (time, client name, method, path, status,
 * outcome, model, serving route, attempts, stream, duration, time to first byte, cost, bytes, error
 * code). It never holds a prompt, an answer, a header value, a token or a query string, so no key
 * or token can reach it: the client is named by its configured name. Request threads only enqueue;
 * one daemon thread writes, and when the queue is full lines are dropped and counted rather than
 * blocking a request. Thread-safe.
 */
final class AccessLog implements AutoCloseable {
  private static final int CAPACITY = 8192;
  private static final String POISON = "";

  private final Consumer<String> sink;
  private final BlockingQueue<String> queue;
  private final Thread writer;
  private final AtomicLong dropped = new AtomicLong();

  private AccessLog(Consumer<String> sink) {
    this.sink = sink;
    this.queue = sink == null ? null : new ArrayBlockingQueue<>(CAPACITY);
    if (sink != null) {
      writer = new Thread(this::drain, "orchestrator-serve-access-log");
      writer.setDaemon(true);
      writer.start();
    } else {
      writer = null;
    }
  }

  /** A log writing to {@code sink}, or a disabled one when {@code sink} is {@code null}. */
  static AccessLog to(Consumer<String> sink) {
    return new AccessLog(sink);
  }

  /** One request's facts, filled in while it is handled (on its thread). */
  static final class Entry {
    final long startNanos = System.nanoTime();
    final String method;
    final String path;
    int status;
    String model;
    String route;
    int attempts;
    boolean stream;
    long bytesIn;
    String error;
    String client;
    long ttftNanos;
    BigDecimal cost;
    boolean hasCost;

    Entry(String method, String path) {
      this.method = method;
      this.path = path;
    }
  }

  /** Enqueues {@code e} as one line; never blocks. */
  void log(Entry e) {
    if (queue == null) {
      return;
    }
    long ms = (System.nanoTime() - e.startNanos) / 1_000_000;
    StringWriter w = new StringWriter(192);
    try (JsonGenerator g = Json.MAPPER.getFactory().createGenerator(w)) {
      g.writeStartObject();
      g.writeStringField("ts", Instant.now().toString());
      g.writeStringField("method", e.method);
      g.writeStringField("path", e.path);
      if (e.client != null) {
        g.writeStringField("token", e.client);
      }
      g.writeNumberField("status", e.status);
      g.writeStringField("outcome", e.error == null ? "success" : e.error);
      g.writeNumberField("durationMs", ms);
      if (e.ttftNanos > 0) {
        g.writeNumberField("ttftMs", e.ttftNanos / 1_000_000);
      }
      if (e.model != null) {
        g.writeStringField("model", e.model);
      }
      if (e.route != null) {
        g.writeStringField("route", e.route);
      }
      if (e.attempts > 0) {
        g.writeNumberField("attempts", e.attempts);
      }
      if (e.stream) {
        g.writeBooleanField("stream", true);
      }
      if (e.hasCost) {
        if (e.cost == null) {
          g.writeNullField("costUsd");
        } else {
          g.writeNumberField("costUsd", e.cost);
        }
      }
      g.writeNumberField("bytesIn", e.bytesIn);
      if (e.error != null) {
        g.writeStringField("error", e.error);
      }
      g.writeEndObject();
    } catch (IOException ex) {
      return; // a StringWriter does not fail
    }
    if (!queue.offer(w.toString())) {
      dropped.incrementAndGet();
    }
  }

  /** Lines dropped because the writer fell behind. */
  long dropped() {
    return dropped.get();
  }

  private void drain() {
    List<String> batch = new ArrayList<>(64);
    while (true) {
      String line;
      try {
        line = queue.take();
      } catch (InterruptedException e) {
        return;
      }
      batch.add(line);
      queue.drainTo(batch, 63);
      for (String l : batch) {
        if (l == POISON) {
          return;
        }
        try {
          sink.accept(l);
        } catch (RuntimeException ignored) {
          // A failing sink must not stop the log thread.
        }
      }
      batch.clear();
    }
  }

  /** Writes what is queued (waiting at most one second), then stops the writer. */
  @Override
  public void close() {
    if (writer == null) {
      return;
    }
    try {
      if (queue.offer(POISON, 1, TimeUnit.SECONDS)) {
        writer.join(1000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    writer.interrupt();
  }
}

package dev.orchestrator.serve.http;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.orchestrator.engine.plan.UnknownModelException;
import java.io.Flushable;
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
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The structured access log: one JSON object per request (time, client name, method, path, status,
 * outcome, model, serving route, attempts, stream, duration, time to first byte, cost, bytes, error
 * code). It never holds a prompt, an answer, a header value, a token or a query string, so no key
 * or token can reach it: the client is named by its configured name. Request threads only stamp the
 * entry and enqueue it; one daemon thread formats and writes, and when the queue is full lines are
 * dropped and counted rather than blocking a request. Thread-safe.
 */
public final class AccessLog implements AutoCloseable {
  private static final int CAPACITY = 8192;
  private static final Entry POISON = new Entry("", "");
  private static final long LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

  private final Consumer<String> sink;
  private final BlockingQueue<Entry> queue;
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
  public static AccessLog to(Consumer<String> sink) {
    return new AccessLog(sink);
  }

  /** One request's facts, filled in while it is handled (on its thread). */
  public static final class Entry {
    final long startNanos;
    final String method;
    final String path;

    /** The HTTP status sent. */
    public int status;

    /** The {@code model} the request asked for. */
    public String model;

    /** The route that served, or the last one tried. */
    public String route;

    /** Attempts sent upstream. */
    public int attempts;

    /** Whether an event stream was asked for. */
    public boolean stream;

    /** Request body bytes read. */
    public long bytesIn;

    /** The error code when the request did not succeed, else {@code null}. */
    public String error;

    /** The calling client's configured name, when a token is required. */
    public String client;

    /** Nanoseconds to the first streamed byte, or 0. */
    public long ttftNanos;

    /** What the answer cost in USD ({@code null}: unknown); written only when {@link #hasCost}. */
    public BigDecimal cost;

    /** Whether {@link #cost} is known to apply (an answer was served). */
    public boolean hasCost;

    Instant ended;
    long durationMs;

    /** An entry of a request that arrived now. */
    public Entry(String method, String path) {
      this(method, path, System.nanoTime());
    }

    /**
     * An entry of a request that arrived at {@code beginNanos} ({@code System.nanoTime()}, as the
     * connector took it, before any queueing): {@code durationMs} counts from then, as {@code
     * ttftMs} does, so the first is never the shorter.
     */
    public Entry(String method, String path, long beginNanos) {
      this.method = method;
      this.path = path;
      this.startNanos = beginNanos;
    }
  }

  /**
   * Enqueues {@code e}, which its request thread does not touch again, to be written as one line;
   * never blocks.
   */
  public void log(Entry e) {
    if (queue == null) {
      return;
    }
    e.durationMs = (System.nanoTime() - e.startNanos) / 1_000_000;
    e.ended = Instant.now();
    if (!queue.offer(e)) {
      dropped.incrementAndGet();
    }
  }

  /** The entry's line (on the writer thread). */
  private static String line(Entry e) {
    StringWriter w = new StringWriter(192);
    try (JsonGenerator g = Json.MAPPER.getFactory().createGenerator(w)) {
      g.writeStartObject();
      g.writeStringField("ts", e.ended.toString());
      g.writeStringField("method", e.method);
      g.writeStringField("path", e.path);
      if (e.client != null) {
        g.writeStringField("token", e.client);
      }
      g.writeNumberField("status", e.status);
      g.writeStringField("outcome", e.error == null ? "success" : e.error);
      g.writeNumberField("durationMs", e.durationMs);
      if (e.ttftNanos > 0) {
        g.writeNumberField("ttftMs", e.ttftNanos / 1_000_000);
      }
      if (e.model != null) {
        // As the caller wrote it, up to 200 characters: a line stays a line.
        g.writeStringField("model", UnknownModelException.shown(e.model));
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
      throw new IllegalStateException(ex); // a StringWriter does not fail
    }
    return w.toString();
  }

  /** Lines dropped because the writer fell behind. */
  public long dropped() {
    return dropped.get();
  }

  /**
   * Writes lines as they come. While requests keep coming it wakes every {@link #LINGER_NANOS} and
   * writes what gathered, instead of waiting on the queue: a writer waiting there is woken by each
   * line, which costs every request a thread wake-up (ADR 0011). After a linger that brought
   * nothing it waits on the queue again, so an idle log costs nothing.
   */
  private void drain() {
    List<Entry> batch = new ArrayList<>(256);
    while (true) {
      try {
        if (queue.drainTo(batch) == 0) {
          batch.add(queue.take());
          queue.drainTo(batch);
        }
      } catch (InterruptedException e) {
        return;
      }
      boolean closing = false;
      for (Entry e : batch) {
        if (e == POISON) {
          closing = true;
          break;
        }
        try {
          sink.accept(line(e));
        } catch (RuntimeException ignored) {
          // A failing sink must not stop the log thread.
        }
      }
      batch.clear();
      if (sink instanceof Flushable f) {
        try {
          f.flush();
        } catch (IOException | RuntimeException ignored) {
          // As for a failing line: the log thread goes on.
        }
      }
      if (closing) {
        return;
      }
      LockSupport.parkNanos(this, LINGER_NANOS);
      if (Thread.interrupted()) {
        return;
      }
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

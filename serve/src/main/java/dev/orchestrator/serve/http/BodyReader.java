package dev.orchestrator.serve.http;

import java.io.ByteArrayOutputStream;
import java.util.function.BiConsumer;
import org.eclipse.jetty.io.Content;

/**
 * Reads a request body without holding a thread while it arrives: each chunk is taken as Jetty
 * delivers it, and between chunks the reader only waits for Jetty's demand callback. So a client
 * that sends its body a byte a minute costs a buffer, not a worker thread (docs/reference.md
 * §security). Reading stops past {@code limit} bytes. One instance reads one body; the completion
 * runs once, on whichever thread delivered the last chunk. A reader that only drops what it reads
 * ({@link #discard}) keeps nothing but a count.
 */
final class BodyReader {
  private final Content.Source source;
  private final int limit;
  private final BiConsumer<byte[], Throwable> done;
  private final ByteArrayOutputStream bytes; // null when the body is dropped as it is read
  private long count;
  private boolean finished;

  private BodyReader(
      Content.Source source, int limit, boolean keep, BiConsumer<byte[], Throwable> done) {
    this.source = source;
    this.limit = limit;
    this.bytes = keep ? new ByteArrayOutputStream() : null;
    this.done = done;
  }

  /**
   * Reads {@code source} whole and calls {@code done} with its bytes — at most {@code limit} plus
   * one, so that the caller can tell an oversized body — or with the read's failure.
   */
  static void read(Content.Source source, int limit, BiConsumer<byte[], Throwable> done) {
    new BodyReader(source, limit, true, done).next();
  }

  /**
   * Reads {@code source} to its end, dropping every byte, and calls {@code done} with an empty
   * array when it ended within {@code limit} bytes, with {@code null} when it went past them
   * (reading stops there), or with the read's failure.
   */
  static void discard(Content.Source source, int limit, BiConsumer<byte[], Throwable> done) {
    new BodyReader(source, limit, false, done).next();
  }

  private void next() {
    while (true) {
      Content.Chunk chunk = source.read();
      if (chunk == null) {
        source.demand(this::next);
        return;
      }
      if (Content.Chunk.isFailure(chunk)) {
        finish(null, chunk.getFailure());
        return;
      }
      int take = (int) Math.min(chunk.remaining(), limit + 1 - count);
      if (take > 0 && bytes != null) {
        byte[] part = new byte[take];
        chunk.getByteBuffer().get(part);
        bytes.writeBytes(part);
      }
      count += Math.max(take, 0);
      boolean last = chunk.isLast() || count > limit;
      chunk.release();
      if (last) {
        finish(bytes != null ? bytes.toByteArray() : count > limit ? null : new byte[0], null);
        return;
      }
    }
  }

  private void finish(byte[] body, Throwable failure) {
    if (!finished) {
      finished = true;
      done.accept(body, failure);
    }
  }
}

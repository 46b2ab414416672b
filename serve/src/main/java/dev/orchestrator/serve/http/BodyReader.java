package dev.orchestrator.serve.http;

import java.io.ByteArrayOutputStream;
import java.util.function.BiConsumer;
import org.eclipse.jetty.io.Content;

/**
 * Reads a request body without holding a thread while it arrives: each chunk is taken as Jetty
 * delivers it, and between chunks the reader only waits for Jetty's demand callback. So a client
 * that sends its body a byte a minute costs a buffer, not a worker thread (docs/reference.md
 * §security). Reading stops past {@code limit} bytes. One instance reads one body; the completion
 * runs once, on whichever thread delivered the last chunk.
 */
final class BodyReader {
  private final Content.Source source;
  private final int limit;
  private final BiConsumer<byte[], Throwable> done;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private boolean finished;

  private BodyReader(Content.Source source, int limit, BiConsumer<byte[], Throwable> done) {
    this.source = source;
    this.limit = limit;
    this.done = done;
  }

  /**
   * Reads {@code source} whole and calls {@code done} with its bytes — at most {@code limit} plus
   * one, so that the caller can tell an oversized body — or with the read's failure.
   */
  static void read(Content.Source source, int limit, BiConsumer<byte[], Throwable> done) {
    new BodyReader(source, limit, done).next();
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
      int take = Math.min(chunk.remaining(), limit + 1 - bytes.size());
      if (take > 0) {
        byte[] part = new byte[take];
        chunk.getByteBuffer().get(part);
        bytes.writeBytes(part);
      }
      boolean last = chunk.isLast() || bytes.size() > limit;
      chunk.release();
      if (last) {
        finish(bytes.toByteArray(), null);
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

package dev.orchestrator.serve.http;

import java.util.Arrays;
import java.util.function.BiConsumer;
import org.eclipse.jetty.io.Content;

/**
 * Reads a request body without holding a thread while it arrives: each chunk is taken as Jetty
 * delivers it, and between chunks the reader only waits for Jetty's demand callback. So a client
 * that sends its body a byte a minute costs a buffer, not a worker thread (docs/reference.md
 * §security). Reading stops past {@code limit} bytes. One instance reads one body; the completion
 * runs once, on whichever thread delivered the last chunk. A reader that only drops what it reads
 * ({@link #discard}) keeps nothing but a count. A kept body is copied once from each chunk, into an
 * array sized by the length the request declared, up to {@link #FIRST_ARRAY_MAX_BYTES} — so a
 * declared length the client does not send costs no more than that — and grown as bytes arrive.
 */
final class BodyReader {
  /** The largest first array; a larger body's array doubles as it arrives. */
  static final int FIRST_ARRAY_MAX_BYTES = 64 * 1024;

  /** The first array for a body of undeclared length (chunked). */
  private static final int UNDECLARED_FIRST_BYTES = 1024;

  private final Content.Source source;
  private final int limit;
  private final BiConsumer<byte[], Throwable> done;
  private byte[] bytes; // null when the body is dropped as it is read
  private long count;
  private boolean finished;

  private BodyReader(
      Content.Source source, int limit, byte[] bytes, BiConsumer<byte[], Throwable> done) {
    this.source = source;
    this.limit = limit;
    this.bytes = bytes;
    this.done = done;
  }

  /**
   * Reads {@code source} whole and calls {@code done} with its bytes — at most {@code limit} plus
   * one, so that the caller can tell an oversized body — or with the read's failure; {@code
   * declared} is the length the request declared, or -1 when it declared none.
   */
  static void read(
      Content.Source source, int limit, long declared, BiConsumer<byte[], Throwable> done) {
    long first =
        declared >= 0
            ? Math.min(Math.min(declared, limit + 1L), FIRST_ARRAY_MAX_BYTES)
            : UNDECLARED_FIRST_BYTES;
    new BodyReader(source, limit, new byte[(int) first], done).next();
  }

  /**
   * Reads {@code source} to its end, dropping every byte, and calls {@code done} with an empty
   * array when it ended within {@code limit} bytes, with {@code null} when it went past them
   * (reading stops there), or with the read's failure.
   */
  static void discard(Content.Source source, int limit, BiConsumer<byte[], Throwable> done) {
    new BodyReader(source, limit, null, done).next();
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
        int at = (int) count;
        if (at + take > bytes.length) { // a chunked body, or more than the length declared
          bytes = Arrays.copyOf(bytes, (int) Math.min(limit + 1L, Math.max(2L * at, at + take)));
        }
        chunk.getByteBuffer().get(bytes, at, take);
      }
      count += Math.max(take, 0);
      boolean last = chunk.isLast() || count > limit;
      chunk.release();
      if (last) {
        finish(bytes != null ? kept() : count > limit ? null : new byte[0], null);
        return;
      }
    }
  }

  private byte[] kept() {
    return count == bytes.length ? bytes : Arrays.copyOf(bytes, (int) count);
  }

  private void finish(byte[] body, Throwable failure) {
    if (!finished) {
      finished = true;
      done.accept(body, failure);
    }
  }
}

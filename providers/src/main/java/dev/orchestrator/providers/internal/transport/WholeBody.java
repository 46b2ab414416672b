package dev.orchestrator.providers.internal.transport;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.function.LongConsumer;

/**
 * Collects a whole (non-streamed) response body inside the HTTP client, so that {@code send}
 * returns once, with every byte, instead of waking the caller per buffer as {@code ofInputStream}
 * does. The result is still an {@link InputStream}, so the transport reads it as it reads any body:
 * at most {@code max + 1} bytes are kept (one more than allowed is how the reader sees "too large";
 * the rest of the exchange is cancelled), and a broken body yields the bytes that arrived and then
 * the failure, from the reader's {@code read}, never from {@code send}.
 *
 * <p>One instance per exchange. The client calls it from its own thread, one signal at a time
 * (reactive-streams rules), so its fields need no lock; {@link #getBody()} publishes the result.
 */
final class WholeBody implements HttpResponse.BodySubscriber<InputStream> {
  /** Most bytes allocated up front from a {@code Content-Length}; more grow as they arrive. */
  private static final long MAX_PRESIZE = 1 << 20;

  /** The largest array the JVM reliably allocates. */
  private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

  private final long keep;
  private final LongConsumer onBytes;
  private final CompletableFuture<InputStream> result = new CompletableFuture<>();
  private Flow.Subscription subscription;
  private byte[] buf;
  private int size;

  /**
   * A collector.
   *
   * @param max the most bytes allowed; one more is kept so the reader can tell
   * @param expected the {@code Content-Length}, or a negative number when unknown (pre-sizes)
   * @param onBytes told the number of bytes of every buffer received (activity, body size)
   */
  WholeBody(long max, long expected, LongConsumer onBytes) {
    this.keep = max + 1;
    this.onBytes = onBytes;
    long presize = Math.min(expected < 0 ? 1024 : expected, Math.min(keep, MAX_PRESIZE));
    this.buf = new byte[(int) Math.max(256, presize)];
  }

  @Override
  public CompletionStage<InputStream> getBody() {
    return result;
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    s.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> items) {
    if (result.isDone()) {
      return;
    }
    for (ByteBuffer b : items) {
      int n = b.remaining();
      onBytes.accept(n);
      int room = (int) Math.min(n, keep - size);
      if (size + room > buf.length) {
        long grown = Math.min(keep, Math.max(size + room, 2L * buf.length));
        buf = Arrays.copyOf(buf, (int) Math.min(grown, MAX_ARRAY));
      }
      b.get(buf, size, room);
      size += room;
      if (size >= keep) {
        subscription.cancel();
        result.complete(new Collected(buf, size));
        return;
      }
    }
  }

  @Override
  public void onError(Throwable t) {
    IOException e = t instanceof IOException io ? io : new IOException(t);
    result.complete(new Broken(buf, size, e));
  }

  @Override
  public void onComplete() {
    result.complete(new Collected(buf, size));
  }

  /**
   * The collected bytes. Read whole, they are handed over as they are when they fill the buffer (a
   * body pre-sized by its {@code Content-Length}), not copied once more: no signal follows the one
   * that completed the body, so nothing writes to the buffer again.
   */
  private static final class Collected extends ByteArrayInputStream {
    Collected(byte[] buf, int size) {
      super(buf, 0, size);
    }

    @Override
    public synchronized byte[] readAllBytes() {
      if (pos == 0 && count == buf.length) {
        pos = count;
        return buf;
      }
      return super.readAllBytes();
    }
  }

  /** The bytes that arrived, then the failure that ended the body. Not thread-safe. */
  private static final class Broken extends InputStream {
    private final ByteArrayInputStream arrived;
    private final IOException failure;

    Broken(byte[] buf, int size, IOException failure) {
      this.arrived = new ByteArrayInputStream(buf, 0, size);
      this.failure = failure;
    }

    @Override
    public int read() throws IOException {
      int c = arrived.read();
      if (c < 0) {
        throw failure;
      }
      return c;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = arrived.read(b, off, len);
      if (n < 0 && len > 0) {
        throw failure;
      }
      return n;
    }
  }
}

package dev.orchestrator.providers.internal.http1;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;

/**
 * One exchange's hold on its socket, and the way to abort it from another thread: {@link #close()}
 * closes whatever the exchange is using now (a socket still connecting, a TLS handshake, a
 * connection being read), which unblocks the exchange's thread, and refuses any socket attached
 * later. Once the connection went back to the pool the exchange no longer owns it, and an abort
 * leaves it alone. Thread-safe.
 */
public final class Http1Exchange implements Closeable {
  private final Object lock = new Object();
  private Closeable current;
  private boolean aborted;

  /** Whether {@link #close()} was called. */
  public boolean aborted() {
    synchronized (lock) {
      return aborted;
    }
  }

  /** Aborts the exchange: closes what it uses now and anything attached later. Idempotent. */
  @Override
  public void close() {
    Closeable c;
    synchronized (lock) {
      aborted = true;
      c = current;
      current = null;
    }
    closeQuietly(c);
  }

  /**
   * The exchange now uses {@code c}.
   *
   * @throws InterruptedIOException (and closes {@code c}) when the exchange was aborted
   */
  void attach(Closeable c) throws InterruptedIOException {
    synchronized (lock) {
      if (!aborted) {
        current = c;
        return;
      }
    }
    closeQuietly(c);
    throw new InterruptedIOException("the exchange was aborted");
  }

  /**
   * Gives {@code c} up (to the pool, or to be closed by the caller): an abort from now on does not
   * touch it. Returns false when an abort already closed it.
   */
  boolean detach(Connection c) {
    synchronized (lock) {
      if (aborted) {
        return false;
      }
      if (current == c) {
        current = null;
      }
      return true;
    }
  }

  private static void closeQuietly(Closeable c) {
    if (c == null) {
      return;
    }
    try {
      c.close();
    } catch (IOException ignored) {
      // closing is best effort
    }
  }
}

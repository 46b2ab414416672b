package dev.orchestrator.providers.internal.http1;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;

/**
 * One open socket to an origin with its buffered input. Owned by one exchange at a time (the pool
 * hands it over); {@link #close()} may come from another thread (an abort) and unblocks a reader.
 */
final class Connection implements java.io.Closeable {
  final String origin;
  final WireInput in;
  final OutputStream out;
  private final Socket socket;

  /** When it went back to the pool, {@code System.nanoTime()}; set by the pool. */
  long idleSince;

  /** Whether an earlier exchange used it (a failure before any response byte may be retried). */
  boolean reused;

  /**
   * A stream's body whose end had not arrived when it was closed: its rest is read (without
   * waiting) when the pool next looks at the connection, and only then is it reusable; or null.
   */
  ResponseBody unsettled;

  Connection(String origin, Socket socket, int bufferSize) throws IOException {
    this.origin = origin;
    this.socket = socket;
    this.in = new WireInput(socket.getInputStream(), bufferSize);
    this.out = socket.getOutputStream();
  }

  /** Sets the socket's read timeout in milliseconds (0: none). */
  void readTimeout(int millis) throws IOException {
    socket.setSoTimeout(millis);
  }

  /** Whether the socket is closed (by us). */
  boolean isClosed() {
    return socket.isClosed();
  }

  /** Closes the socket; idempotent, never throws. */
  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing is best effort
    }
  }
}

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

  /** The TCP socket under {@link #socket} (the same one without TLS): probed while idle. */
  private final Socket tcp;

  /** When it went back to the pool, {@code System.nanoTime()}; set by the pool. */
  long idleSince;

  /** Whether an earlier exchange used it (a failure before any response byte may be retried). */
  boolean reused;

  /**
   * A stream's body whose end had not arrived when it was closed: its rest is read (without
   * waiting) when the pool next looks at the connection, and only then is it reusable; or null.
   */
  ResponseBody unsettled;

  Connection(String origin, Socket socket, Socket tcp, int bufferSize) throws IOException {
    this.origin = origin;
    this.socket = socket;
    this.tcp = tcp;
    this.in = new WireInput(socket.getInputStream(), bufferSize);
    this.out = socket.getOutputStream();
  }

  /** Sets the socket's read timeout in milliseconds (0: none). */
  void readTimeout(int millis) throws IOException {
    socket.setSoTimeout(millis);
  }

  /**
   * Whether an idle connection is still usable: nothing buffered, and a read of the TCP socket
   * waiting at most {@code waitMillis} finds neither its end (the peer closed it) nor a byte (an
   * unsolicited answer, a TLS alert: unusable either way). Reads under TLS' record layer, so a byte
   * read here is never one the TLS socket would have needed: the connection is then closed. Only
   * for a connection no exchange holds (the pool's reaper).
   */
  boolean idleAndOpen(int waitMillis) {
    if (socket.isClosed() || in.buffered() > 0) {
      return false;
    }
    try {
      int was = tcp.getSoTimeout();
      tcp.setSoTimeout(waitMillis);
      try {
        tcp.getInputStream().read();
        return false; // its end, or a byte nobody asked for
      } catch (java.net.SocketTimeoutException quiet) {
        return true;
      } finally {
        tcp.setSoTimeout(was);
      }
    } catch (IOException e) {
      return false;
    }
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

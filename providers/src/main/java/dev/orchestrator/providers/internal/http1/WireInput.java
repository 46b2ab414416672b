package dev.orchestrator.providers.internal.http1;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;

/**
 * A connection's buffered input: lines for the response head and chunk sizes, raw bytes for bodies.
 * Counts the bytes received, so that a failure can tell "nothing arrived" (safe to retry on a fresh
 * connection) from "the response had begun". Not thread-safe: the exchange's thread reads.
 */
final class WireInput {
  private final InputStream in;
  private final byte[] buf;
  private int pos;
  private int limit;
  private long received;

  WireInput(InputStream in, int bufferSize) {
    this.in = in;
    this.buf = new byte[bufferSize];
  }

  /** Bytes received from the socket on this connection since {@link #resetReceived()}. */
  long received() {
    return received;
  }

  /** Starts counting a new exchange's bytes. */
  void resetReceived() {
    received = 0;
  }

  /** Bytes buffered or readable without blocking (a socket's count; 0 where unknown). */
  int availableNow() throws IOException {
    return limit - pos + in.available();
  }

  /** Bytes buffered and not yet consumed. */
  int buffered() {
    return limit - pos;
  }

  /** Whether a read of the socket would return at least one byte (or its end) at once. */
  private boolean fill() throws IOException {
    if (pos < limit) {
      return true;
    }
    int n = in.read(buf, 0, buf.length);
    if (n < 0) {
      return false;
    }
    pos = 0;
    limit = n;
    received += n;
    return true;
  }

  /** Reads up to {@code len} bytes; -1 at the end of the connection. */
  int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (pos == limit && len >= buf.length) {
      // A large read bypasses the buffer.
      int n = in.read(b, off, len);
      if (n > 0) {
        received += n;
      }
      return n;
    }
    if (!fill()) {
      return -1;
    }
    int n = Math.min(len, limit - pos);
    System.arraycopy(buf, pos, b, off, n);
    pos += n;
    return n;
  }

  /** One byte, or -1 at the end of the connection. */
  int read() throws IOException {
    if (!fill()) {
      return -1;
    }
    return buf[pos++] & 0xff;
  }

  /**
   * One CRLF- (or LF-) terminated line without its terminator, ISO-8859-1.
   *
   * @param max the longest line accepted, terminator excluded
   * @param what names the line in errors, e.g. {@code chunk size}
   * @throws EOFException when the connection ends before the line does
   * @throws ProtocolException when the line is longer than {@code max}
   */
  String readLine(int max, String what) throws IOException {
    StringBuilder line = null;
    while (true) {
      if (!fill()) {
        throw new EOFException("the connection ended inside the " + what);
      }
      int start = pos;
      int end = start;
      while (end < limit && buf[end] != '\n') {
        end++;
      }
      int len = end - start + (line == null ? 0 : line.length());
      if (len > max + 1) {
        throw new ProtocolException(what + ": longer than " + max + " bytes");
      }
      if (end < limit) {
        pos = end + 1;
        int stop = end > start && buf[end - 1] == '\r' ? end - 1 : end;
        String tail = new String(buf, start, stop - start, StandardCharsets.ISO_8859_1);
        if (line == null) {
          return tail;
        }
        line.append(tail);
        int n = line.length();
        if (n > 0 && line.charAt(n - 1) == '\r') {
          line.setLength(n - 1);
        }
        return line.toString();
      }
      if (line == null) {
        line = new StringBuilder(128);
      }
      line.append(new String(buf, start, end - start, StandardCharsets.ISO_8859_1));
      pos = limit;
    }
  }
}

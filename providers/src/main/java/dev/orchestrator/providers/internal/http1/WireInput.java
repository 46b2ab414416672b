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
   * One CRLF- (or LF-) terminated line without its terminator, ISO-8859-1. A line that fits in the
   * buffer is consumed only once it is complete, so a read that times out midway (a settling body,
   * see {@link ResponseBody}) leaves the input as it was; a longer line (a long header) is
   * collected across buffers.
   *
   * @param max the longest line accepted, terminator excluded
   * @param what names the line in errors, e.g. {@code chunk size}
   * @throws EOFException when the connection ends before the line does
   * @throws ProtocolException when the line is longer than {@code max}
   */
  String readLine(int max, String what) throws IOException {
    StringBuilder spilled = null;
    int scanned = pos;
    while (true) {
      int end = scanned;
      while (end < limit && buf[end] != '\n') {
        end++;
      }
      int len = end - pos + (spilled == null ? 0 : spilled.length());
      if (len > max + 1) {
        throw new ProtocolException(what + ": longer than " + max + " bytes");
      }
      if (end < limit) {
        String part = new String(buf, pos, end - pos, StandardCharsets.ISO_8859_1);
        pos = end + 1;
        String line = spilled == null ? part : spilled.append(part).toString();
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
      }
      if (pos > 0) {
        System.arraycopy(buf, pos, buf, 0, limit - pos);
        limit -= pos;
        pos = 0;
      }
      if (limit == buf.length) {
        if (spilled == null) {
          spilled = new StringBuilder(2 * buf.length);
        }
        spilled.append(new String(buf, 0, limit, StandardCharsets.ISO_8859_1));
        limit = 0;
      }
      scanned = limit;
      int n = in.read(buf, limit, buf.length - limit);
      if (n < 0) {
        throw new EOFException("the connection ended inside the " + what);
      }
      limit += n;
      received += n;
    }
  }
}

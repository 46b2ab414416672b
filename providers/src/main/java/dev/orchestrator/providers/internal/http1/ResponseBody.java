package dev.orchestrator.providers.internal.http1;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;
import java.net.SocketTimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A response body read from its connection as the caller reads it, framed by {@code
 * Content-Length}, chunked transfer coding or the end of the connection (RFC 9112 §6.3). When it is
 * closed, its connection goes back to the pool if the body was read to its end and the response
 * allowed keep-alive; otherwise the socket is closed (a body cut short, an abort, garbage framing).
 *
 * <p>After {@link #finished()} (the stream's terminal event was read) a close that comes before the
 * body's end reads what has arrived of the rest without waiting; when the end is not there yet the
 * connection is parked in the pool and settled, at most {@link #MAX_DISCARDED} bytes, when the pool
 * next looks at it, so the caller never waits for a body's end it does not need.
 *
 * <p>The exchange's thread reads; {@link #close()} may also come from an aborting thread.
 */
final class ResponseBody extends InputStream {
  /** Most bytes discarded after the terminal event before the connection is given up. */
  static final int MAX_DISCARDED = 64 * 1024;

  /** Longest chunk-size line (with extensions) accepted. */
  static final int MAX_CHUNK_LINE = 4096;

  /** How long a settling read may wait for the rest of a finished body, in milliseconds. */
  static final int SETTLE_WAIT_MILLIS = 1;

  /** Where a chunked body's reading is; each step consumes whole lines, so it can resume. */
  private enum Chunked {
    SIZE,
    DATA,
    DATA_END,
    TRAILERS
  }

  /** How the body is delimited. */
  enum Framing {
    NONE,
    LENGTH,
    CHUNKED,
    UNTIL_CLOSE
  }

  private final Connection conn;
  private final Http1Exchange exchange;
  private final ConnectionPool pool;
  private final Framing framing;
  private final boolean keepAlive;
  private final int maxTrailerBytes;
  private final AtomicBoolean closed = new AtomicBoolean();

  /** Bytes left in the body (LENGTH) or in the current chunk (CHUNKED). */
  private long remaining;

  private Chunked chunked = Chunked.SIZE;
  private int trailerBudget;
  private volatile boolean complete;
  private volatile boolean finished;

  ResponseBody(
      Connection conn,
      Http1Exchange exchange,
      ConnectionPool pool,
      Framing framing,
      long length,
      boolean keepAlive,
      int maxTrailerBytes) {
    this.conn = conn;
    this.exchange = exchange;
    this.pool = pool;
    this.framing = framing;
    this.remaining = length;
    this.keepAlive = keepAlive && framing != Framing.UNTIL_CLOSE;
    this.maxTrailerBytes = maxTrailerBytes;
    this.trailerBudget = maxTrailerBytes;
    this.complete = framing == Framing.NONE || framing == Framing.LENGTH && length == 0;
  }

  /** The caller has what it needs: a close from now on settles the rest instead of cutting it. */
  void finished() {
    finished = true;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (closed.get()) {
      throw new IOException("the response body is closed");
    }
    if (complete) {
      return -1;
    }
    if (len == 0) {
      return 0;
    }
    switch (framing) {
      case LENGTH:
        return readLength(b, off, len);
      case CHUNKED:
        return readChunked(b, off, len);
      case UNTIL_CLOSE:
      default:
        int n = conn.in.read(b, off, len);
        if (n < 0) {
          complete = true;
        }
        return n;
    }
  }

  @Override
  public int available() throws IOException {
    if (complete || closed.get()) {
      return 0;
    }
    int n = conn.in.buffered();
    return framing == Framing.UNTIL_CLOSE ? n : (int) Math.min(n, remaining);
  }

  private int readLength(byte[] b, int off, int len) throws IOException {
    int n = conn.in.read(b, off, (int) Math.min(len, remaining));
    if (n < 0) {
      throw new EOFException(
          "the connection ended " + remaining + " bytes before the body's Content-Length");
    }
    remaining -= n;
    if (remaining == 0) {
      complete = true;
    }
    return n;
  }

  private int readChunked(byte[] b, int off, int len) throws IOException {
    while (true) {
      switch (chunked) {
        case DATA:
          if (remaining > 0) {
            int n = conn.in.read(b, off, (int) Math.min(len, remaining));
            if (n < 0) {
              throw new EOFException("the connection ended inside a chunk");
            }
            remaining -= n;
            return n;
          }
          chunked = Chunked.DATA_END;
          break;
        case DATA_END:
          if (!conn.in.readLine(MAX_CHUNK_LINE, "chunk end").isEmpty()) {
            throw new ProtocolException("chunk data longer than its size");
          }
          chunked = Chunked.SIZE;
          break;
        case SIZE:
          remaining = chunkSize(conn.in.readLine(MAX_CHUNK_LINE, "chunk size"));
          chunked = remaining == 0 ? Chunked.TRAILERS : Chunked.DATA;
          break;
        case TRAILERS:
        default:
          String t = conn.in.readLine(MAX_CHUNK_LINE, "trailer");
          if (t.isEmpty()) {
            complete = true;
            return -1;
          }
          trailerBudget -= t.length() + 2;
          if (trailerBudget <= 0) {
            throw new ProtocolException("trailers: larger than " + maxTrailerBytes + " bytes");
          }
          break;
      }
    }
  }

  /** The size of a chunk-size line ({@code 1a;ext=v}); a ProtocolException when invalid. */
  static long chunkSize(String line) throws ProtocolException {
    int end = line.indexOf(';');
    String hex = (end < 0 ? line : line.substring(0, end)).strip();
    if (hex.isEmpty() || hex.length() > 15) {
      throw new ProtocolException(
          "invalid chunk size: '" + ResponseHead.printable(line) + "' (expected: 1-15 hex digits)");
    }
    long size = 0;
    for (int i = 0; i < hex.length(); i++) {
      int d = Character.digit(hex.charAt(i), 16);
      if (d < 0) {
        throw new ProtocolException(
            "invalid chunk size: '" + ResponseHead.printable(line) + "' (expected: hex digits)");
      }
      size = size * 16 + d;
    }
    return size;
  }

  /**
   * Ends the body. Read to its end and kept alive: the connection goes back to the pool. Finished
   * but not at its end: what has arrived is read now, and the connection is parked to settle later.
   * Otherwise, or once aborted, the socket is closed. Idempotent; never blocks for long.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    if (complete && keepAlive) {
      release();
      return;
    }
    if (finished && keepAlive && framing != Framing.NONE) {
      if (!exchange.detach(conn)) {
        return; // aborted: the abort closed the socket
      }
      if (settle(false)) {
        recycle();
      } else if (!conn.isClosed()) {
        conn.unsettled = this;
        recycle();
      }
      return;
    }
    exchange.detach(conn);
    conn.close();
  }

  /** The pool's second look at a parked body: waits a moment for its end. */
  boolean settleNow() {
    return settle(true);
  }

  /**
   * Reads and discards the rest of the body, without waiting ({@code mayWait} false: only while
   * bytes are there; true: also a moment for more). True when the body ended and the connection
   * holds nothing more; on a fault, or past {@link #MAX_DISCARDED}, the socket is closed.
   */
  private boolean settle(boolean mayWait) {
    byte[] scratch = new byte[512];
    long discarded = 0;
    try {
      conn.readTimeout(SETTLE_WAIT_MILLIS);
      try {
        while (!complete) {
          if (!mayWait && conn.in.availableNow() == 0) {
            return false;
          }
          int n =
              framing == Framing.LENGTH
                  ? readLength(scratch, 0, scratch.length)
                  : readChunked(scratch, 0, scratch.length);
          if (n > 0) {
            discarded += n;
          }
          if (discarded > MAX_DISCARDED) {
            conn.close();
            return false;
          }
        }
      } finally {
        if (!conn.isClosed()) {
          conn.readTimeout(0);
        }
      }
      return conn.in.availableNow() == 0;
    } catch (SocketTimeoutException notYet) {
      // Lines are consumed whole (WireInput.readLine), so the framing state is intact: without
      // waiting, the rest is left for later; after waiting, the connection is given up.
      if (mayWait) {
        conn.close();
      }
      return false;
    } catch (IOException e) {
      conn.close();
      return false;
    }
  }

  private void release() {
    if (exchange.detach(conn)) {
      recycle();
    }
  }

  private void recycle() {
    if (conn.in.buffered() > 0) {
      conn.close(); // bytes beyond the body: the connection is out of step
      return;
    }
    pool.put(conn);
  }
}

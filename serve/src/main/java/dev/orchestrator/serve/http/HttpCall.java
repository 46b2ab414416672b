package dev.orchestrator.serve.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.QuietException;
import org.eclipse.jetty.io.RetainableByteBuffer;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * One exchange in blocking style over Jetty's core API: the handler thread reads the body, then
 * either sends one whole JSON answer or opens an event stream and flushes event by event. Used by
 * the one thread handling the request. Not thread-safe.
 */
public final class HttpCall {
  /** Room for one event; a larger one passes through unbuffered. */
  private static final int STREAM_BUFFER_BYTES = 8192;

  /** The largest single write of a whole answer (issue #30: bounded off-heap buffers). */
  static final int WRITE_SLICE_BYTES = 64 * 1024;

  private final Request request;
  private final Response response;
  private final DisconnectWatch disconnects;
  private final long writeTimeoutNanos;
  private final Thread arrivedOn = Thread.currentThread(); // Jetty's, which read the head
  private ResponseStream stream;
  private String broken; // why the connection can take no more bytes, once a write failed
  private boolean answered;
  private long firstByteNanos;
  private boolean aborted;
  private boolean closeAfter;
  private volatile byte[] preRead;
  private volatile Throwable bodyFailure;
  private volatile boolean refused;

  /**
   * The exchange of {@code request} and {@code response}, on the thread handling them; {@code
   * disconnects} tells when its client goes away ({@link #onClientGone}); a write that waits longer
   * than {@code writeTimeout} for the client to take its bytes fails, as if the client had gone.
   */
  public HttpCall(
      Request request, Response response, DisconnectWatch disconnects, Duration writeTimeout) {
    this.request = request;
    this.response = response;
    this.disconnects = disconnects;
    this.writeTimeoutNanos = writeTimeout.toNanos();
  }

  /**
   * Runs {@code onGone} once if the client closes its connection before the returned handle is
   * closed; for a request whose body is read and whose answer is not yet written, when Jetty itself
   * does not look at the connection (issue #30). A request run on another thread than the one it
   * arrived on waited (for a place, or for its body): its connection is looked at at once, and a
   * client gone meanwhile runs {@code onGone} before the request starts.
   */
  public AutoCloseable onClientGone(Runnable onGone) {
    Object transport = request.getConnectionMetaData().getConnection().getEndPoint().getTransport();
    return disconnects.watch(
        transport instanceof SocketChannel ? (SocketChannel) transport : null,
        onGone,
        Thread.currentThread() != arrivedOn);
  }

  /** {@code System.nanoTime()} when the request arrived at the connector (before any queueing). */
  public long beginNanos() {
    return request.getBeginNanoTime();
  }

  /** The request method. */
  public String method() {
    return request.getMethod();
  }

  /** The decoded path, without the query ({@code /v1/chat/%63ompletions} is the chat path). */
  public String path() {
    String p = request.getHttpURI().getDecodedPath();
    return p == null ? "/" : p;
  }

  /** A request header, or {@code null}. */
  public String header(String name) {
    return request.getHeaders().get(name);
  }

  /**
   * The request body's length as its head declares it: its {@code Content-Length}; 0 when the head
   * declares no body (neither {@code Content-Length} nor {@code Transfer-Encoding}: in HTTP/1.1
   * such a request has none, as Jetty's parser reads it); or -1 for a chunked body, whose length is
   * known only once it is read. (Jetty's {@link Request#getLength()} is the {@code Content-Length}
   * header alone: -1 both for a request without a body, every {@code GET}, and for a chunked one.)
   */
  public long declaredLength() {
    long length = request.getLength();
    return length < 0 && !request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING) ? 0 : length;
  }

  /**
   * The request body, at most {@code cap} bytes: the bytes {@link #readBody} gathered (as they are:
   * the array is the caller's), or else read as it arrives.
   *
   * @throws ApiError {@code 408} when the body was not received within its deadline; {@code 499
   *     client_closed} when the client closed (or reset) its connection before the body was whole:
   *     it went away, as a client gone while its request is worked on (docs/reference.md §5);
   *     {@code 400} when its chunked framing is malformed
   * @throws IOException when the body could not be read otherwise
   */
  public byte[] body(int cap) throws IOException {
    if (bodyFailure instanceof TimeoutException) {
      throw ApiError.of(
              408,
              "invalid_request_error",
              "request body: not received in time (expected: a body sent without long pauses)",
              null,
              "request_timeout")
          .header("Connection", "close");
    }
    if (clientLeft(bodyFailure)) {
      throw ApiError.of(
              499,
              "invalid_request_error",
              "request body: the client closed its connection before sending it whole",
              null,
              "client_closed")
          .header("Connection", "close");
    }
    if (bodyFailure != null) {
      throw unreadable(bodyFailure);
    }
    byte[] read = preRead;
    if (read != null) {
      return read.length <= cap ? read : Arrays.copyOf(read, cap);
    }
    try (InputStream in = Content.Source.asInputStream(request)) {
      return in.readNBytes(cap);
    } catch (IOException e) {
      throw unreadable(e);
    }
  }

  /**
   * A body that could not be read although the client stayed: a chunked one is malformed in its
   * framing, said in the protocol's words rather than Jetty's ("Early EOF").
   */
  private IOException unreadable(Throwable failure) {
    if (request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING)) {
      throw ApiError.badRequest(
              null,
              "request body: its chunked framing is malformed (expected: per chunk a hexadecimal"
                  + " size line, that many bytes and CRLF; a last chunk of size 0)")
          .header("Connection", "close");
    }
    return failure instanceof IOException io
        ? io
        : new IOException(String.valueOf(failure.getMessage()), failure);
  }

  /**
   * Whether a body's read failed because the client closed or reset its connection, rather than on
   * a malformed body: Jetty fails both alike (an {@code EofException}, "Early EOF"), but only a
   * client's close or reset shuts the connection's input (or closes it) when Jetty reads it.
   */
  private boolean clientLeft(Throwable failure) {
    EndPoint endPoint = request.getConnectionMetaData().getConnection().getEndPoint();
    return failure instanceof IOException && (!endPoint.isOpen() || endPoint.isInputShutdown());
  }

  /**
   * Reads the body without holding a thread ({@link BodyReader}) — at most {@code limit} plus one
   * bytes, failing after {@code deadline} — after which {@link #body(int)} returns what was read.
   * Returns {@code true} when the read ended before this returned (the body arrived with the head):
   * the caller goes on with the request on its own thread. Otherwise returns {@code false} and,
   * once the read ends, queues {@code then} on {@code workers} — or, when the body is refused
   * ({@link #bodyRefused()}), hands it to {@code refusals} at once: its answer needs no place.
   */
  public boolean readBody(
      int limit,
      Duration deadline,
      Scheduler timer,
      Executor workers,
      Executor refusals,
      Runnable then) {
    AtomicBoolean ended = new AtomicBoolean(); // set by whichever of the read and this return first
    within(
        deadline,
        timer,
        done -> BodyReader.read(request, limit, request.getLength(), done),
        (bytes, failure) -> {
          preRead = bytes;
          bodyFailure = failure;
          refused = failure != null || bytes == null || bytes.length > limit;
          if (!ended.compareAndSet(false, true)) {
            (refused ? refusals : workers).execute(then);
          }
        });
    return !ended.compareAndSet(false, true);
  }

  /**
   * Whether the body {@link #readBody} read is refused: late ({@code 408}), cut off or malformed
   * ({@code 400}) or over its limit ({@code 413}). Such a request is answered from what went wrong,
   * quickly, and takes none of the places (docs/reference.md §5: every refusal is answered at
   * once).
   */
  public boolean bodyRefused() {
    return refused;
  }

  /**
   * Reads and drops the body of a request the server refuses from its head — at most {@code limit}
   * bytes, for at most {@code deadline}, without holding a thread — then runs {@code then} on the
   * thread that ended the read. Nothing is kept. Closing a connection with bytes unread resets it,
   * and a client still sending its body loses the answer it was sent: read first, a small body
   * leaves the connection open after the answer; read after an answer sent at once, a larger one
   * leaves only that answer for the client to read before the close. A body not read to its end
   * (past the limit, late, or failed) marks the connection for closing ({@link
   * #closeAfterAnswer()}).
   */
  public void discardBody(int limit, Duration deadline, Scheduler timer, Runnable then) {
    within(
        deadline,
        timer,
        done -> BodyReader.discard(request, limit, done),
        (bytes, failure) -> {
          closeAfter |= bytes == null || failure != null;
          then.run();
        });
  }

  // Starts a read and calls done once: with its outcome, or with a TimeoutException and no bytes
  // when the deadline passes first.
  private static void within(
      Duration deadline,
      Scheduler timer,
      Consumer<BiConsumer<byte[], Throwable>> read,
      BiConsumer<byte[], Throwable> done) {
    AtomicBoolean once = new AtomicBoolean();
    Scheduler.Task late =
        timer.schedule(
            () -> {
              if (once.compareAndSet(false, true)) {
                done.accept(null, new TimeoutException("request body"));
              }
            },
            deadline.toNanos(),
            TimeUnit.NANOSECONDS);
    read.accept(
        (bytes, failure) -> {
          if (once.compareAndSet(false, true)) {
            late.cancel();
            done.accept(bytes, failure);
          }
        });
  }

  /**
   * Marks the request as answered before its body was read (or without reading it): the answer says
   * {@code Connection: close}, and the connection is not used again.
   */
  public void closeAfterAnswer() {
    closeAfter = true;
  }

  /** Whether a status has been sent (or is being streamed). */
  boolean answered() {
    return answered;
  }

  /** Sends one whole answer. */
  void send(int status, String contentType, byte[] body, Map<String, String> headers)
      throws IOException {
    answered = true;
    response.setStatus(status);
    HttpFields.Mutable h = response.getHeaders();
    h.put(HttpHeader.CONTENT_TYPE, contentType);
    headers.forEach(h::put);
    if (closeAfter) {
      h.put(HttpHeader.CONNECTION, "close");
    }
    boolean head = "HEAD".equals(request.getMethod());
    h.put(HttpHeader.CONTENT_LENGTH, Integer.toString(body.length));
    // In slices: the JDK copies each heap buffer written to a socket into a per-thread direct
    // buffer of its size and keeps it, so one 19 MiB answer would pin 19 MiB off-heap per thread.
    int length = head ? 0 : body.length;
    int at = 0;
    do {
      int n = Math.min(WRITE_SLICE_BYTES, length - at);
      transmit(at + n == length, ByteBuffer.wrap(body, at, n));
      at += n;
    } while (at < length);
  }

  /**
   * Writes {@code bytes} to the client, waiting at most the write timeout for it to take them. A
   * write that fails, times out or is interrupted leaves the connection unusable (Jetty may still
   * hold the bytes): every later write fails at once, and {@link #complete} closes the connection.
   *
   * @throws ClientGone when the client took nothing for the write timeout, or the write failed
   * @throws InterruptedIOException when the thread was interrupted meanwhile
   */
  private void transmit(boolean last, ByteBuffer bytes) throws IOException {
    if (broken != null) {
      throw new ClientGone(broken);
    }
    Callback.Completable done = new Callback.Completable();
    response.write(last, bytes, done);
    try {
      done.get(writeTimeoutNanos, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      broken =
          "the client took no byte for "
              + TimeUnit.NANOSECONDS.toMillis(writeTimeoutNanos)
              + " ms (it stopped reading)";
      throw new ClientGone(broken);
    } catch (InterruptedException e) {
      broken = "a write was interrupted";
      throw new InterruptedIOException(broken);
    } catch (ExecutionException e) {
      broken = "a write failed: " + e.getCause();
      throw new ClientGone(broken, e.getCause());
    }
  }

  /**
   * Opens a {@code 200} event stream with {@code headers}; nothing reaches the wire until the first
   * flush.
   */
  public OutputStream openStream(Map<String, String> headers) {
    answered = true;
    response.setStatus(200);
    HttpFields.Mutable h = response.getHeaders();
    headers.forEach(h::put);
    stream = new ResponseStream();
    return stream;
  }

  private void firstByte() {
    if (firstByteNanos == 0) {
      firstByteNanos = System.nanoTime();
    }
  }

  /**
   * Time from the request's arrival to the first byte of an event stream, or {@link Duration#ZERO}
   * when nothing was streamed.
   */
  public Duration timeToFirstByte() {
    return firstByteNanos == 0 ? Duration.ZERO : Duration.ofNanos(firstByteNanos - beginNanos());
  }

  /**
   * Marks an open stream to be broken off instead of ended: {@link #complete} then fails the
   * exchange, so Jetty closes the connection without the terminating chunk and a client sees a cut
   * body, never a completed one (docs/reference.md §5).
   */
  public void abort() {
    aborted = true;
  }

  /**
   * Completes the exchange: ends an open stream (or breaks it off after {@link #abort}), then tells
   * Jetty the handler is done.
   */
  public void complete(Callback callback) {
    if (aborted) {
      if (stream != null) {
        stream.release();
      }
      callback.failed(new StreamAborted());
      return;
    }
    if (stream != null) {
      try {
        stream.close();
      } catch (IOException e) {
        callback.failed(e);
        return;
      } finally {
        stream.release();
      }
    }
    if (broken != null) {
      callback.failed(new ClientGone(broken)); // a write may still be pending: close, never reuse
      return;
    }
    callback.succeeded();
  }

  /**
   * An event stream's body: writes gather in a buffer and leave as one HTTP chunk when flushed
   * (Jetty's own sink sends every write as its own chunk, a socket write each); what is left at
   * {@link #close} leaves with the terminating chunk in one write. A write larger than the buffer
   * passes through. The buffer is a direct one from Jetty's pool (the socket takes it without the
   * JDK's copy into a direct buffer of its own), returned at {@link #complete} — unless a write
   * failed, when Jetty may still hold it.
   */
  private final class ResponseStream extends OutputStream {
    private final RetainableByteBuffer pooled =
        request
            .getComponents()
            .getByteBufferPool()
            .acquire(STREAM_BUFFER_BYTES, true); // Jetty's own output is direct too
    private final ByteBuffer buffer = pooled.getByteBuffer().clear(); // filled from 0
    private boolean closed;
    private boolean released;

    @Override
    public void write(int b) throws IOException {
      open();
      if (!buffer.hasRemaining()) {
        flush();
      }
      buffer.put((byte) b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      open();
      if (len > buffer.remaining()) {
        flush();
        if (len > buffer.capacity()) {
          for (int at = 0; at < len; at += WRITE_SLICE_BYTES) {
            transmit(false, ByteBuffer.wrap(b, off + at, Math.min(WRITE_SLICE_BYTES, len - at)));
          }
          return;
        }
      }
      buffer.put(b, off, len);
    }

    private void open() throws IOException {
      if (closed) {
        throw new IOException("stream closed");
      }
      if (broken != null) {
        throw new ClientGone(broken); // Jetty may still hold the buffer: leave it as it is
      }
      firstByte();
    }

    @Override
    public void flush() throws IOException {
      if (buffer.position() > 0) {
        flushBuffer(false);
      }
    }

    @Override
    public void close() throws IOException {
      if (!closed) {
        closed = true;
        flushBuffer(true);
      }
    }

    private void flushBuffer(boolean last) throws IOException {
      buffer.flip();
      transmit(last, buffer); // a write that fails leaves the buffer to Jetty
      buffer.clear();
    }

    /** Returns the buffer to Jetty's pool once nothing more is written; kept if a write failed. */
    void release() {
      if (!released && broken == null) {
        released = true;
        closed = true;
        pooled.release();
      }
    }
  }

  /**
   * The client closed or reset its connection, or stopped taking bytes: a write failed. Quiet: a
   * client's doing, not a fault of the server.
   */
  static final class ClientGone extends IOException implements QuietException {
    private static final long serialVersionUID = 1L;

    ClientGone(String why) {
      super(why);
    }

    ClientGone(String why, Throwable cause) {
      super(why, cause);
    }
  }

  /** Why an aborted stream's exchange failed; quiet, because it is a decision, not a fault. */
  private static final class StreamAborted extends Exception implements QuietException {
    private static final long serialVersionUID = 1L;

    StreamAborted() {
      super("stream broken off after an error event (docs/reference.md §5)", null, false, false);
    }
  }
}

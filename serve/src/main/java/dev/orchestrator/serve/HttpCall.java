package dev.orchestrator.serve;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.QuietException;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Blocker;
import org.eclipse.jetty.util.Callback;

/**
 * One exchange in blocking style over Jetty's core API: the handler thread reads the body, then
 * either sends one whole JSON answer or opens an event stream and flushes event by event. Used by
 * the one thread handling the request. Not thread-safe.
 */
final class HttpCall {
  /** Room for one event; a larger one passes through unbuffered. */
  private static final int STREAM_BUFFER_BYTES = 8192;

  private final Request request;
  private final Response response;
  private OutputStream stream;
  private boolean answered;
  private long firstByteNanos;
  private boolean aborted;

  HttpCall(Request request, Response response) {
    this.request = request;
    this.response = response;
  }

  /** {@code System.nanoTime()} when the request arrived at the connector (before any queueing). */
  long beginNanos() {
    return request.getBeginNanoTime();
  }

  String method() {
    return request.getMethod();
  }

  /** The decoded path, without the query. */
  String path() {
    String p = request.getHttpURI().getPath();
    return p == null ? "/" : p;
  }

  /** A request header, or {@code null}. */
  String header(String name) {
    return request.getHeaders().get(name);
  }

  /** The declared {@code Content-Length}, or -1. */
  long declaredLength() {
    return request.getLength();
  }

  InputStream body() {
    return Content.Source.asInputStream(request);
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
    boolean head = "HEAD".equals(request.getMethod());
    h.put(HttpHeader.CONTENT_LENGTH, Integer.toString(body.length));
    try (Blocker.Callback cb = Blocker.callback()) {
      response.write(true, head ? ByteBuffer.allocate(0) : ByteBuffer.wrap(body), cb);
      cb.block();
    }
  }

  /**
   * Opens a {@code 200} event stream with {@code headers}; nothing reaches the wire until the first
   * flush.
   */
  OutputStream openStream(Map<String, String> headers) {
    answered = true;
    response.setStatus(200);
    HttpFields.Mutable h = response.getHeaders();
    headers.forEach(h::put);
    // Jetty's sink sends every write as its own chunk (a socket write each); buffered, an event's
    // pieces leave as one chunk when SseStream flushes it.
    OutputStream sink =
        new BufferedOutputStream(Content.Sink.asOutputStream(response), STREAM_BUFFER_BYTES);
    stream =
        new FilterOutputStream(sink) {
          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            firstByte();
            sink.write(b, off, len);
          }

          @Override
          public void write(int b) throws IOException {
            firstByte();
            sink.write(b);
          }
        };
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
  Duration timeToFirstByte() {
    return firstByteNanos == 0 ? Duration.ZERO : Duration.ofNanos(firstByteNanos - beginNanos());
  }

  /**
   * Marks an open stream to be broken off instead of ended: {@link #complete} then fails the
   * exchange, so Jetty closes the connection without the terminating chunk and a client sees a cut
   * body, never a completed one (docs/reference.md §5).
   */
  void abort() {
    aborted = true;
  }

  /**
   * Completes the exchange: ends an open stream (or breaks it off after {@link #abort}), then tells
   * Jetty the handler is done.
   */
  void complete(Callback callback) {
    if (aborted) {
      callback.failed(new StreamAborted());
      return;
    }
    if (stream != null) {
      try {
        stream.close();
      } catch (IOException e) {
        callback.failed(e);
        return;
      }
    }
    callback.succeeded();
  }

  /** Why an aborted stream's exchange failed; quiet, because it is a decision, not a fault. */
  private static final class StreamAborted extends Exception implements QuietException {
    private static final long serialVersionUID = 1L;

    StreamAborted() {
      super("stream broken off after an error event (docs/reference.md §5)", null, false, false);
    }
  }
}

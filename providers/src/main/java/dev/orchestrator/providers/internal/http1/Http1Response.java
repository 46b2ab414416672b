package dev.orchestrator.providers.internal.http1;

import java.io.InputStream;

/**
 * A response whose head is in and whose body is read from the connection as the caller reads it.
 * Closing the body ends the exchange (see {@link #finished()}). The head is immutable; the body is
 * read by one thread.
 */
public final class Http1Response {
  private final ResponseHead head;
  private final ResponseBody body;

  Http1Response(ResponseHead head, ResponseBody body) {
    this.head = head;
    this.body = body;
  }

  /** The status line and headers. */
  public ResponseHead head() {
    return head;
  }

  /** The body; close it when done (it returns the connection to the pool or closes it). */
  public InputStream body() {
    return body;
  }

  /**
   * The caller has all it needs (a stream's terminal event): closing the body before its end now
   * keeps the connection, which is settled later, instead of closing it.
   */
  public void finished() {
    body.finished();
  }
}

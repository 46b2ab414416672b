package dev.orchestrator.providers;

import dev.orchestrator.providers.internal.RequestHeaders;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * How one attempt's request reaches the upstream and its response comes back: over {@code
 * java.net.http} ({@link JdkExchange}) or over the own blocking HTTP/1.1 client ({@link
 * SocketExchange}); {@link HttpChatTransport} does everything else (limits, aborts, bodies,
 * classification) the same way for both (ADR 0025). Implementations are thread-safe.
 */
interface Exchange {
  /**
   * Sends the POST on the calling thread and returns once the response head is in.
   *
   * @throws IOException a transport failure before the response (classified by {@link
   *     TransportFaults})
   * @throws InterruptedException when the thread was interrupted (an abort, for {@link
   *     #abortsByInterrupt()} exchanges)
   */
  Response send(URI uri, RequestHeaders headers, byte[] body, Hooks hooks)
      throws IOException, InterruptedException;

  /**
   * Whether an abort must interrupt the thread blocked in the exchange ({@code java.net.http}:
   * closing its body does not always wake a reader). Otherwise closing the handle given to {@link
   * Hooks#abortWith} is enough.
   */
  boolean abortsByInterrupt();

  /** The exchange that sends to {@code uri}: this one, or another that can (a proxied origin). */
  default Exchange via(URI uri) {
    return this;
  }

  /** What the exchange tells the attempt, from the attempt's thread or the client's. */
  interface Hooks {
    /** The whole request was handed to the connection. */
    void requestSent();

    /**
     * Closing {@code handle} aborts the exchange from now on (closed at once if already aborted).
     */
    void abortWith(Closeable handle);

    /** Whether a 2xx answer with these headers (names matched lower-case) is an event stream. */
    boolean isStream(Map<String, List<String>> headers);

    /** A 2xx whole body is now being collected by the exchange itself. */
    void wholeBodyStarts();

    /** {@code n} more bytes of a body collected by the exchange arrived. */
    void bodyBytes(long n);

    /** The attempt's bound on a response body ({@code maxResponseBytes}). */
    long maxResponseBytes();

    /** How long discarding a finished stream's rest may take (the idle timeout). */
    long drainLimitNanos();
  }

  /**
   * A response whose head is in.
   *
   * @param status the status code
   * @param headers the headers; {@code get} with a lower-case name finds a header
   * @param body the body, read by the attempt's thread; closing it ends the exchange
   * @param collected whether the exchange already collected (and counted) the whole body
   * @param finished run when a stream's terminal event was read, before the body is closed: the
   *     rest of the body is then discarded, not cut, so the connection stays reusable
   */
  record Response(
      int status,
      Map<String, List<String>> headers,
      InputStream body,
      boolean collected,
      Runnable finished) {

    /** The first value of the lower-case {@code name}, or {@code null}. */
    String first(String name) {
      List<String> v = headers.get(name);
      return v == null || v.isEmpty() ? null : v.get(0);
    }
  }
}

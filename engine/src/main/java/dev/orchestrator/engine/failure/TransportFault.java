package dev.orchestrator.engine.failure;

import java.util.Locale;

/**
 * How a call failed below HTTP, when it did: the kinds of transport evidence the provider boundary
 * distinguishes. The first ten are the {@code --exception} values of {@code orchestrator classify}.
 */
public enum TransportFault {
  /** TCP connection refused. */
  CONNECT_REFUSED,
  /** TCP/TLS connect did not complete in time. */
  CONNECT_TIMEOUT,
  /** Host name did not resolve. */
  DNS,
  /** TLS handshake failed. */
  TLS,
  /** Connection reset before any response byte. */
  RESET_BEFORE_RESPONSE,
  /** Connection closed before any response byte. */
  EOF_BEFORE_RESPONSE,
  /** No response (headers) before the read/attempt timeout. */
  READ_TIMEOUT,
  /** The stream ended without its terminal chunk. */
  STREAM_TRUNCATED,
  /** No chunk arrived within the stream-idle limit. */
  STREAM_IDLE_TIMEOUT,
  /** The caller cancelled, or a watchdog aborted on purpose. */
  CANCELLED,
  /** Response headers arrived but no first token before the time-to-first-token limit. */
  FIRST_TOKEN_TIMEOUT,
  /** The connection failed after the request was sent, before a response (outcome unknown). */
  RESET_AFTER_REQUEST,
  /** An SSE event carried invalid JSON. */
  MALFORMED_STREAM;

  /** Lower snake case name ({@code connect_refused}). */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a wire name.
   *
   * @throws IllegalArgumentException naming the value
   */
  public static TransportFault fromWireName(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("exception kind: " + name, e);
    }
  }
}

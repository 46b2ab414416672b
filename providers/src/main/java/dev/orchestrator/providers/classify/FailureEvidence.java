package dev.orchestrator.providers.classify;

import dev.orchestrator.engine.failure.TransportFault;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything observed about one failed provider call, before classification. Immutable and
 * thread-safe. {@link #toString()} is redacted: the raw body and messages may hold secrets, and
 * this record must be safe to log.
 *
 * <p>Which factory to use:
 *
 * <ul>
 *   <li>{@link #http} — an HTTP answer with a non-2xx status;
 *   <li>{@link #emptyResponse} — an HTTP 2xx whose body had no usable assistant output;
 *   <li>{@link #transport} — no HTTP answer, or a stream that broke: a {@link TransportFault};
 *   <li>{@link #inBand} — an error event inside a 2xx stream, with no status of its own;
 *   <li>then {@link #withStreamStarted} once visible output has reached the caller, and {@link
 *       #withProvider} for messages.
 * </ul>
 *
 * @param status HTTP status, or {@code null} when no response arrived
 * @param headers response headers (names are matched case-insensitively)
 * @param body the error body as read, or {@code null}; cut to its first 64 KiB on construction
 * @param transportFault the transport evidence, or {@code null}
 * @param exceptionMessage the transport exception's message, or {@code null} (never parsed for
 *     categories when a typed fault is present); cut to 64 KiB
 * @param streamStarted whether visible output already reached the caller
 * @param inBandError whether {@code body} is an error event inside a 200 stream (no own status)
 * @param provider the provider id, for messages, or {@code null}
 */
public record FailureEvidence(
    Integer status,
    Map<String, String> headers,
    String body,
    TransportFault transportFault,
    String exceptionMessage,
    boolean streamStarted,
    boolean inBandError,
    String provider) {

  /** Copies headers into a case-insensitive map and bounds the texts. */
  public FailureEvidence {
    TreeMap<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    if (headers != null) {
      headers.forEach(
          (k, v) -> {
            if (k != null && v != null) {
              h.put(k.toLowerCase(Locale.ROOT).trim(), v);
            }
          });
    }
    headers = Collections.unmodifiableMap(h);
    body = Text.head(body, Text.MAX_READ_CHARS);
    exceptionMessage = Text.head(exceptionMessage, Text.MAX_READ_CHARS);
  }

  /** Evidence of an HTTP answer. */
  public static FailureEvidence http(int status, Map<String, String> headers, String body) {
    return new FailureEvidence(status, headers, body, null, null, false, false, null);
  }

  /**
   * Evidence of an HTTP 200 whose body has no usable assistant output (no choices, empty content
   * and no tool call, invalid JSON).
   */
  public static FailureEvidence emptyResponse(String body) {
    return emptyResponse(Map.of(), body);
  }

  /** Like {@link #emptyResponse(String)}, with the response headers (for the request id). */
  public static FailureEvidence emptyResponse(Map<String, String> headers, String body) {
    return http(200, headers, body);
  }

  /** Evidence of a transport fault with no HTTP answer. */
  public static FailureEvidence transport(TransportFault fault, String message) {
    return new FailureEvidence(null, Map.of(), null, fault, message, false, false, null);
  }

  /**
   * Evidence of a failure known only by its message: an SDK's exception text, a CLI's error line or
   * a gateway's log line, with no HTTP answer or transport fault of its own.
   */
  public static FailureEvidence message(String message) {
    return new FailureEvidence(null, Map.of(), null, null, message, false, false, null);
  }

  /** Evidence of an in-band error event inside a 200 stream. */
  public static FailureEvidence inBand(String eventData, boolean streamStarted) {
    return new FailureEvidence(null, Map.of(), eventData, null, null, streamStarted, true, null);
  }

  /** Copy with the provider id set. */
  public FailureEvidence withProvider(String providerId) {
    return new FailureEvidence(
        status,
        headers,
        body,
        transportFault,
        exceptionMessage,
        streamStarted,
        inBandError,
        providerId);
  }

  /** Copy with {@code streamStarted} set. */
  public FailureEvidence withStreamStarted(boolean started) {
    return new FailureEvidence(
        status, headers, body, transportFault, exceptionMessage, started, inBandError, provider);
  }

  /** A redacted, bounded description, safe to log. */
  @Override
  public String toString() {
    return "FailureEvidence[status="
        + status
        + ", headers="
        + Text.oneLine(headers.toString(), Text.MAX_KEPT_BODY_BYTES)
        + ", body="
        + Text.keptBody(body)
        + ", transportFault="
        + transportFault
        + ", exceptionMessage="
        + Text.oneLine(exceptionMessage, Text.MAX_MESSAGE_CHARS)
        + ", streamStarted="
        + streamStarted
        + ", inBandError="
        + inBandError
        + ", provider="
        + provider
        + "]";
  }
}

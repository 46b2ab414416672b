package dev.orchestrator.providers.classify;

import dev.orchestrator.engine.failure.TransportFault;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything observed about one failed provider call, before classification. Immutable.
 *
 * @param status HTTP status, or {@code null} when no response arrived
 * @param headers response headers (names are matched case-insensitively)
 * @param body the error body as read (the classifier bounds what it keeps), or {@code null}
 * @param transportFault the transport evidence, or {@code null}
 * @param exceptionMessage the transport exception's message, or {@code null} (never parsed for
 *     categories when a typed fault is present)
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

  /** Copies headers into a case-insensitive map. */
  public FailureEvidence {
    TreeMap<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    if (headers != null) {
      headers.forEach(
          (k, v) -> {
            if (k != null && v != null) {
              h.put(k.toLowerCase(Locale.ROOT), v);
            }
          });
    }
    headers = java.util.Collections.unmodifiableMap(h);
  }

  /** Evidence of an HTTP answer. */
  public static FailureEvidence http(int status, Map<String, String> headers, String body) {
    return new FailureEvidence(status, headers, body, null, null, false, false, null);
  }

  /** Evidence of a transport fault with no HTTP answer. */
  public static FailureEvidence transport(TransportFault fault, String message) {
    return new FailureEvidence(null, Map.of(), null, fault, message, false, false, null);
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
}

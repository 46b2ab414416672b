package dev.orchestrator.providers.internal.transport;

import java.net.http.HttpHeaders;
import java.util.List;

/**
 * Header lookups on an answer's {@link HttpHeaders} without {@link HttpHeaders#firstValue}'s stream
 * and {@code Optional}: an answer's headers are looked up a score of times per attempt.
 */
final class HeaderValues {
  private HeaderValues() {}

  /** The first value of {@code name} (case-insensitive), or {@code null}. */
  static String first(HttpHeaders h, String name) {
    List<String> values = h.allValues(name);
    return values.isEmpty() ? null : values.get(0);
  }
}

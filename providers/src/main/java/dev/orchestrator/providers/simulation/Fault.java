package dev.orchestrator.providers.simulation;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A misbehaviour the {@link ScriptedUpstream} can play for one call (docs/reference.md §4). Wire
 * names are lower snake case ({@code stream_cut}). Stream faults sent to a non-streaming request
 * degrade as each constant says.
 */
public enum Fault {
  /**
   * Reads the request, then resets the connection (SO_LINGER 0) before any response byte. A shared
   * port cannot refuse one route's calls only, so the client sees a reset before response: a
   * connection failure with reachedModel {@code false}, as a refused connect would be.
   */
  CONNECT_REFUSED,
  /** Reads the request, then resets the connection before any response byte. */
  RESET_BEFORE_RESPONSE,
  /** Reads the request and never answers; waits until the client gives up. */
  NO_RESPONSE,
  /**
   * Sends the headers at once and the first token after {@code delayMs} (default 5000).
   * Non-streaming: headers at once, the body after the delay.
   */
  SLOW_FIRST_TOKEN,
  /**
   * Sends about half of the content, then closes with no terminating chunk. Non-streaming: half of
   * a body announced in full by {@code Content-Length}, then closes.
   */
  STREAM_CUT,
  /**
   * Sends about a third of the content, then stays silent until the client gives up. Non-streaming:
   * a third of the body, then silence.
   */
  STREAM_STALL,
  /**
   * Puts one invalid-JSON event in the middle of the stream. Non-streaming: a 200 whose body is not
   * JSON (as {@link #INVALID_JSON}).
   */
  MALFORMED_CHUNK,
  /**
   * Sends everything, including the chunk with the finish reason, but omits {@code data: [DONE]}
   * (Anthropic: omits {@code message_stop}). Non-streaming: a normal completion.
   */
  NO_DONE,
  /**
   * A 200 with {@code "choices": []} (Anthropic: {@code "content": []}); streaming: a stream that
   * ends cleanly without any content.
   */
  EMPTY_CHOICES,
  /** A 200 whose body is not JSON (also for streaming requests, as {@code application/json}). */
  INVALID_JSON;

  /** Lower snake case name, e.g. {@code stream_cut}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a wire name.
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static Fault fromWireName(String name) {
    String n = name == null ? "" : name.trim().toUpperCase(Locale.ROOT);
    for (Fault f : values()) {
      if (f.name().equals(n)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "fault: '"
            + name
            + "' (expected one of: "
            + Arrays.stream(values()).map(Fault::wireName).collect(Collectors.joining(", "))
            + ")");
  }
}

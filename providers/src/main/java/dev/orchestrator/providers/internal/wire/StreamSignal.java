package dev.orchestrator.providers.internal.wire;

/** What one stream event means for the read loop. */
public enum StreamSignal {
  /** Keep reading. */
  CONTINUE,
  /** The stream ended cleanly ({@code [DONE]}, {@code message_stop}). */
  DONE,
  /** The stream carried an in-band error event; see {@link StreamAssembler#errorData()}. */
  IN_BAND_ERROR,
  /** An event was not the JSON it should be; see {@link StreamAssembler#malformed()}. */
  MALFORMED
}

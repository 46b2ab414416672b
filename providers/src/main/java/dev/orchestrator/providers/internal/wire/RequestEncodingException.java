package dev.orchestrator.providers.internal.wire;

/** The request cannot be put on the wire (e.g. a tool schema that is not JSON). */
public final class RequestEncodingException extends Exception {
  private static final long serialVersionUID = 1L;

  /** With a message naming the value and the expectation. */
  public RequestEncodingException(String message) {
    super(message);
  }
}

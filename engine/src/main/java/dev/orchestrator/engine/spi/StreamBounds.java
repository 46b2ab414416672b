package dev.orchestrator.engine.spi;

/**
 * Memory bounds on one streamed answer, so a misbehaving upstream cannot run the process out of
 * memory. A client enforces each one and reports exceeding it as a typed failure whose message
 * names the limit (a malformed stream: retryable and failed over before visible output, {@code
 * stream_interrupted} after it). Immutable and thread-safe.
 *
 * @param maxEventBytes the largest SSE event, all its {@code data:} lines together (default 8 MiB;
 *     at least 16)
 * @param maxResponseBytes the most bytes read of one response: a whole body, or every byte of a
 *     stream (default 32 MiB)
 * @param maxToolArgumentBytes the largest tool call's streamed arguments, in characters (default 4
 *     Mi)
 */
public record StreamBounds(long maxEventBytes, long maxResponseBytes, long maxToolArgumentBytes) {
  /** The safe defaults: 8 MiB per event, 32 MiB per response, 4 Mi characters per tool call. */
  public static final StreamBounds DEFAULTS =
      new StreamBounds(8L * 1024 * 1024, 32L * 1024 * 1024, 4L * 1024 * 1024);

  /** Validates each bound, naming it and the expectation. */
  public StreamBounds {
    if (maxEventBytes < 16) {
      throw new IllegalArgumentException("maxEventBytes: " + maxEventBytes + " (expected: >= 16)");
    }
    if (maxResponseBytes < 1) {
      throw new IllegalArgumentException(
          "maxResponseBytes: " + maxResponseBytes + " (expected: > 0)");
    }
    if (maxToolArgumentBytes < 1) {
      throw new IllegalArgumentException(
          "maxToolArgumentBytes: " + maxToolArgumentBytes + " (expected: > 0)");
    }
  }
}

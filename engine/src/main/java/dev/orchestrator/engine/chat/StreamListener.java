package dev.orchestrator.engine.chat;

/**
 * Receives a streamed answer as it arrives. Calls come from the thread running the attempt, in
 * order; implementations need not be thread-safe but must be quick.
 *
 * <p>The first {@link #onContent} call is the point of no return: once visible output has reached
 * the caller, a failure is never retried or failed over (docs/design.md §5), it ends the stream
 * with an explicit error.
 */
@FunctionalInterface
public interface StreamListener {
  /** A piece of visible assistant text. */
  void onContent(String delta);

  /** A completed tool call (tool calls are delivered whole, once their arguments are complete). */
  default void onToolCall(ToolCall call) {}
}

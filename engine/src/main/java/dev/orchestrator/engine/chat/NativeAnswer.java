package dev.orchestrator.engine.chat;

import dev.orchestrator.engine.catalog.Protocol;
import java.util.Objects;

/**
 * An answer's content as the route's own protocol wrote it, kept beside its reading into the
 * engine's vocabulary so that a caller of the same protocol receives it unchanged — blocks and
 * fields the engine does not model (Anthropic's server tool use and its results, citations)
 * included (docs/design.md §12), as {@link NativeRequest} keeps the caller's body for a route of
 * its protocol. A caller of another protocol is answered from the reading instead. It describes the
 * answer only as read: a {@link ChatResponse} whose content, tool calls or reasoning are changed
 * afterwards no longer carries it. Immutable and thread-safe.
 *
 * @param protocol the protocol {@code content} is written in
 * @param content the answer's content as JSON text (Anthropic: the {@code content} block array;
 *     OpenAI chat completions: an object of the assistant message's fields the engine does not
 *     model, such as OpenRouter's {@code reasoning_details})
 */
public record NativeAnswer(Protocol protocol, String content) {
  /** Validates. */
  public NativeAnswer {
    Objects.requireNonNull(protocol, "protocol");
    Objects.requireNonNull(content, "content");
  }

  /** The content's size only: the content itself is the model's output. */
  @Override
  public String toString() {
    return "NativeAnswer[" + protocol + ", " + content.length() + " chars]";
  }
}

package dev.orchestrator.engine.chat;

import dev.orchestrator.engine.catalog.Protocol;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A request as the caller's own protocol said it, kept beside its translation into the engine's
 * vocabulary so that a route of the same protocol receives it unchanged — blocks and fields the
 * engine does not model (cache control, citations, beta fields) included — with only the route's
 * model and the stream flag set (docs/design.md §12). A route of another protocol is sent the
 * translation instead. The body is used only while the request's messages are still {@link
 * #messages()}: when the engine changes them (a stream continuation appends the partial answer),
 * the translation is sent. Immutable and thread-safe.
 *
 * @param protocol the protocol {@code body} is written in
 * @param body the request body, a JSON object as text
 * @param headers the caller's protocol headers to pass on to such a route ({@code anthropic-beta},
 *     {@code anthropic-version}); empty when none
 * @param messages the engine messages translated from {@code body}
 * @param contract the body's fields that change the answer's contract and that only a route of
 *     {@code protocol} honours (a forced hosted tool, a document by URL): a route of another
 *     protocol is no candidate for the request; empty when none
 */
public record NativeRequest(
    Protocol protocol,
    String body,
    Map<String, String> headers,
    List<ChatMessage> messages,
    List<String> contract) {
  /** Validates and copies. */
  public NativeRequest {
    Objects.requireNonNull(protocol, "protocol");
    Objects.requireNonNull(body, "body");
    headers = headers == null ? Map.of() : Map.copyOf(headers);
    messages = List.copyOf(messages);
    contract = contract == null ? List.of() : List.copyOf(contract);
  }

  /** Whether this body may be sent as is to a route of {@code routeProtocol} for {@code r}. */
  public boolean appliesTo(Protocol routeProtocol, ChatRequest r) {
    return protocol == routeProtocol && messages.equals(r.messages());
  }

  /** The body's size only: the body itself may hold the caller's content. */
  @Override
  public String toString() {
    return "NativeRequest[" + protocol + ", " + body.length() + " chars]";
  }
}

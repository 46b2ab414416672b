package dev.orchestrator.providers;

import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.providers.internal.history.HistoryNormaliser;
import dev.orchestrator.providers.internal.transport.HttpChatTransport;
import dev.orchestrator.providers.internal.wire.WireProtocol;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * A client of one wire protocol over the shared HTTP transport: what {@link OpenAiChatClient} and
 * {@link AnthropicMessagesClient} have in common. Thread-safe: one instance serves concurrent
 * attempts over the shared HTTP client.
 */
abstract class WireClient implements ProviderClient {
  private final HttpChatTransport transport;
  private final WireProtocol wire;

  WireClient(HttpChatTransport transport, WireProtocol wire) {
    this.transport = transport;
    this.wire = wire;
  }

  /**
   * Runs one attempt to completion on the calling thread; never throws for provider or transport
   * failures, which come back classified in {@link AttemptOutcome.Failed}.
   */
  @Override
  public final AttemptOutcome send(ProviderCall call) {
    HistoryNormaliser.Normalised h = wire.history(call.request(), call.provider(), call.route());
    if (h == null || h.idsBack().isEmpty()) {
      return transport.send(call, wire);
    }
    ProviderCall mapped =
        call.listener() == null
            ? call
            : new ProviderCall(
                call.provider(),
                call.route(),
                call.request(),
                call.limits(),
                new IdsBackListener(call.listener(), h.idsBack()),
                call.cancellation());
    AttemptOutcome out = transport.send(mapped, wire);
    if (out instanceof AttemptOutcome.Succeeded ok && !ok.response().toolCalls().isEmpty()) {
      return new AttemptOutcome.Succeeded(idsBack(ok.response(), h), ok.skippedEvents());
    }
    return out;
  }

  /**
   * {@code r} with every tool-call id the normaliser minted for the route given back as the
   * caller's own: a route that echoes a history id answers in the caller's ids (docs/design.md
   * §13).
   */
  private static ChatResponse idsBack(ChatResponse r, HistoryNormaliser.Normalised h) {
    List<ToolCall> calls = new ArrayList<>(r.toolCalls().size());
    for (ToolCall c : r.toolCalls()) {
      String own = c.id() == null ? null : h.idsBack().get(c.id());
      calls.add(own == null ? c : c.withId(own));
    }
    return r.toBuilder().toolCalls(calls).build();
  }

  /**
   * What the route's encoder changes or leaves out of the request's history for the route's
   * provider family (docs/design.md §13).
   */
  @Override
  public final List<String> adapted(Provider provider, Route route, ChatRequest request) {
    HistoryNormaliser.Normalised h = wire.history(request, provider, route);
    return h == null ? List.of() : h.adapted();
  }

  /**
   * The input tokens of the call's request as the provider's counting endpoint says (Anthropic's
   * {@code count_tokens}); empty when the protocol has none or the count failed.
   */
  @Override
  public final OptionalInt countTokens(ProviderCall call) {
    return transport.countTokens(call, wire);
  }

  /** The client's class name. */
  @Override
  public final String toString() {
    return getClass().getSimpleName();
  }
}

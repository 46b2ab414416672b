package dev.orchestrator.providers;

import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.providers.internal.history.HistoryNormaliser;
import dev.orchestrator.providers.internal.transport.Failures;
import dev.orchestrator.providers.internal.transport.HttpChatTransport;
import dev.orchestrator.providers.internal.wire.RequestEncodingException;
import dev.orchestrator.providers.internal.wire.ToolCallCheck;
import dev.orchestrator.providers.internal.wire.WireProtocol;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;

/**
 * A client of one wire protocol over the shared HTTP transport: what {@link OpenAiChatClient} and
 * {@link AnthropicMessagesClient} have in common. Each attempt's history is adapted to the route's
 * provider family once (docs/design.md §13) and that one result serves the encoder, the caller's
 * ids in the answer and the list of what was adapted. Thread-safe: one instance serves concurrent
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
    HistoryNormaliser.Normalised h;
    try {
      h = wire.history(call.request(), call.provider(), call.route(), call.strictHistory());
    } catch (RequestEncodingException e) {
      return new AttemptOutcome.Failed(
          Failures.notSent(FailureCategory.REQUEST_INVALID, e.getMessage()), false);
    }
    if (h == null) {
      return checked(transport.send(call, wire), call);
    }
    StreamListener listener = call.listener();
    if (listener != null && !h.idsBack().isEmpty()) {
      listener = new IdsBackListener(listener, h.idsBack());
    }
    PrefixEchoListener echo = null;
    if (listener != null && h.echoedPrefix() != null) {
      echo = new PrefixEchoListener(listener, h.echoedPrefix());
      listener = echo;
    }
    if (listener != null && !h.adapted().isEmpty()) {
      listener.onAdapted(h.adapted());
    }
    AttemptOutcome out = transport.send(adapted(call, h, listener), wire);
    if (out instanceof AttemptOutcome.Succeeded ok) {
      if (echo != null) {
        echo.finish();
      }
      out =
          new AttemptOutcome.Succeeded(
              withoutEcho(idsBack(ok.response(), h), h), ok.skippedEvents(), h.adapted());
    }
    return checked(out, call);
  }

  /**
   * {@code r} without the prefill its route repeats before the continuation (Mistral, for a final
   * assistant message the normaliser marked {@code prefix}): the caller gets what follows it, as
   * from every other family (docs/design.md §13).
   */
  private static ChatResponse withoutEcho(ChatResponse r, HistoryNormaliser.Normalised h) {
    if (h.echoedPrefix() == null) {
      return r;
    }
    String content = PrefixEchoListener.withoutEcho(r.content(), h.echoedPrefix());
    return content.length() == r.content().length() ? r : r.toBuilder().content(content).build();
  }

  /** {@code out} with its tool calls checked against the request's tools, when it has any. */
  private static AttemptOutcome checked(AttemptOutcome out, ProviderCall call) {
    if (!(out instanceof AttemptOutcome.Succeeded ok) || ok.response().toolCalls().isEmpty()) {
      return out;
    }
    return new AttemptOutcome.Succeeded(
        ok.response(),
        ok.skippedEvents(),
        ok.adapted(),
        ToolCallCheck.valid(ok.response().toolCalls(), call.request().tools()));
  }

  /**
   * Whether the strictest history changes the body sent for {@code call}: both forms are encoded
   * and compared, on the failure path only.
   */
  @Override
  public final boolean repairs(ProviderCall call) {
    try {
      return !Arrays.equals(body(call, false), body(call, true));
    } catch (RequestEncodingException e) {
      return false; // the strict form cannot be sent either: nothing to repair
    }
  }

  private byte[] body(ProviderCall call, boolean strict) throws RequestEncodingException {
    HistoryNormaliser.Normalised h =
        wire.history(call.request(), call.provider(), call.route(), strict);
    ChatRequest request = h == null ? call.request() : h.applyTo(call.request());
    return wire.encode(request, call.route());
  }

  /** {@code call} with the history its route's family takes, heard by {@code listener}. */
  private static ProviderCall adapted(
      ProviderCall call, HistoryNormaliser.Normalised h, StreamListener listener) {
    return call.withRequest(h.applyTo(call.request())).withListener(listener);
  }

  /**
   * {@code r} with every tool-call id the normaliser minted for the route given back as the
   * caller's own: a route that echoes a history id answers in the caller's ids (docs/design.md
   * §13).
   */
  private static ChatResponse idsBack(ChatResponse r, HistoryNormaliser.Normalised h) {
    if (h.idsBack().isEmpty() || r.toolCalls().isEmpty()) {
      return r;
    }
    List<ToolCall> calls = new ArrayList<>(r.toolCalls().size());
    for (ToolCall c : r.toolCalls()) {
      String own = c.id() == null ? null : h.idsBack().get(c.id());
      calls.add(own == null ? c : c.withId(own));
    }
    return r.toBuilder().toolCalls(calls).build();
  }

  /**
   * The input tokens of the call's request as the provider's counting endpoint says (Anthropic's
   * {@code count_tokens}); empty when the protocol has none or the count failed.
   */
  @Override
  public final OptionalInt countTokens(ProviderCall call) {
    HistoryNormaliser.Normalised h;
    try {
      h = wire.history(call.request(), call.provider(), call.route(), false);
    } catch (RequestEncodingException e) {
      return OptionalInt.empty(); // the request cannot go to this route: nothing to count
    }
    return transport.countTokens(h == null ? call : adapted(call, h, call.listener()), wire);
  }

  /** The client's class name. */
  @Override
  public final String toString() {
    return getClass().getSimpleName();
  }
}

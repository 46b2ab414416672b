package dev.orchestrator.providers;

import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.providers.internal.transport.HttpChatTransport;
import dev.orchestrator.providers.internal.wire.WireProtocol;
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
    return transport.send(call, wire);
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

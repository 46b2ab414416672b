package dev.orchestrator.providers;

import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.providers.internal.anthropic.AnthropicWire;
import dev.orchestrator.providers.internal.transport.HttpChatTransport;
import java.util.OptionalInt;

/**
 * An Anthropic Messages client ({@code POST {baseUrl}/messages} with {@code x-api-key} and {@code
 * anthropic-version: 2023-06-01}). System messages become the top-level {@code system} prompt, tool
 * calls and results become {@code tool_use} / {@code tool_result} blocks, consecutive same-role
 * messages are merged, and stop reasons are reported in OpenAI's words ({@code end_turn} → {@code
 * stop}, {@code max_tokens} → {@code length}, {@code tool_use} → {@code tool_calls}). A request's
 * {@code response_format} is not sent: the Messages API has no JSON mode.
 *
 * <p>Obtain one from {@link HttpProviderClients}. Thread-safe.
 */
public final class AnthropicMessagesClient implements ProviderClient {
  private final HttpChatTransport transport;

  AnthropicMessagesClient(HttpChatTransport transport) {
    this.transport = transport;
  }

  /**
   * Runs one attempt to completion on the calling thread; never throws for provider or transport
   * failures, which come back classified in {@link AttemptOutcome.Failed}.
   */
  @Override
  public AttemptOutcome send(ProviderCall call) {
    return transport.send(call, AnthropicWire.INSTANCE);
  }

  /** Anthropic's {@code POST /messages/count_tokens} for the call's request on its route. */
  @Override
  public OptionalInt countTokens(ProviderCall call) {
    return transport.countTokens(call, AnthropicWire.INSTANCE);
  }

  @Override
  public String toString() {
    return "AnthropicMessagesClient";
  }
}

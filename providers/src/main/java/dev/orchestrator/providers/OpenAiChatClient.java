package dev.orchestrator.providers;

import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.providers.internal.openai.OpenAiWire;
import dev.orchestrator.providers.internal.transport.HttpChatTransport;

/**
 * An OpenAI-compatible chat completions client ({@code POST {baseUrl}/chat/completions}): OpenAI,
 * OpenRouter, NVIDIA NIM, Groq, vLLM, LiteLLM and the like. Sends {@code Authorization: Bearer}
 * when the provider has a key; streams with SSE and {@code stream_options.include_usage}; assembles
 * tool calls from streamed fragments by index.
 *
 * <p>Obtain one from {@link HttpProviderClients}. Thread-safe: one instance serves concurrent
 * attempts over the shared HTTP client.
 */
public final class OpenAiChatClient implements ProviderClient {
  private final HttpChatTransport transport;

  OpenAiChatClient(HttpChatTransport transport) {
    this.transport = transport;
  }

  /**
   * Runs one attempt to completion on the calling thread; never throws for provider or transport
   * failures, which come back classified in {@link AttemptOutcome.Failed}.
   */
  @Override
  public AttemptOutcome send(ProviderCall call) {
    return transport.send(call, OpenAiWire.INSTANCE);
  }

  @Override
  public String toString() {
    return "OpenAiChatClient";
  }
}

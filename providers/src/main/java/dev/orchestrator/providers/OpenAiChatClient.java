package dev.orchestrator.providers;

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
public final class OpenAiChatClient extends WireClient {
  OpenAiChatClient(HttpChatTransport transport) {
    super(transport, OpenAiWire.INSTANCE);
  }
}

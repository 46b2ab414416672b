package dev.orchestrator.providers;

import dev.orchestrator.providers.internal.anthropic.AnthropicWire;
import dev.orchestrator.providers.internal.transport.HttpChatTransport;

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
public final class AnthropicMessagesClient extends WireClient {
  AnthropicMessagesClient(HttpChatTransport transport) {
    super(transport, AnthropicWire.INSTANCE);
  }
}

package dev.orchestrator.providers;

import dev.orchestrator.engine.catalog.Protocol;

class AnthropicMessagesClientContractIT extends ProviderClientContract {
  AnthropicMessagesClientContractIT() {
    super(Protocol.ANTHROPIC_MESSAGES, Fixtures.clients().anthropicMessages());
  }
}

package dev.orchestrator.providers;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.spi.ProviderClient;

class AnthropicMessagesClientContractIT extends ProviderClientContract {
  private final ProviderClient client = Fixtures.clients().anthropicMessages();

  @Override
  protected Protocol protocol() {
    return Protocol.ANTHROPIC_MESSAGES;
  }

  @Override
  protected ProviderClient client() {
    return client;
  }
}

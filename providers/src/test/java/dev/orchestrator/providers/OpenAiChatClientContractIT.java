package dev.orchestrator.providers;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.spi.ProviderClient;

class OpenAiChatClientContractIT extends ProviderClientContract {
  private final ProviderClient client = Fixtures.clients().openAiChat();

  @Override
  protected Protocol protocol() {
    return Protocol.OPENAI_CHAT;
  }

  @Override
  protected ProviderClient client() {
    return client;
  }
}

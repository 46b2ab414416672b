package dev.orchestrator.providers;

import dev.orchestrator.engine.catalog.Protocol;

class OpenAiChatClientContractIT extends ProviderClientContract {
  OpenAiChatClientContractIT() {
    super(Protocol.OPENAI_CHAT, Fixtures.clients().openAiChat());
  }
}

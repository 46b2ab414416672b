package dev.orchestrator.langchain4j;

import dev.orchestrator.providers.simulation.LoopbackOrchestrator;

/** The chat model most tests build: the loopback orchestrator under one model name. */
final class TestModels {
  private TestModels() {}

  static OrchestratorChatModel chat(LoopbackOrchestrator lb, String modelName) {
    return OrchestratorChatModel.builder()
        .orchestrator(lb.orchestrator())
        .modelName(modelName)
        .build();
  }
}

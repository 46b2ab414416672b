package dev.orchestrator.springai;

import dev.orchestrator.providers.simulation.LoopbackOrchestrator;

/** The chat model most tests build: the loopback orchestrator under one default model. */
final class TestModels {
  private TestModels() {}

  static OrchestratorChatModel chat(LoopbackOrchestrator lb, String model) {
    return OrchestratorChatModel.builder()
        .orchestrator(lb.orchestrator())
        .defaultModel(model)
        .build();
  }
}

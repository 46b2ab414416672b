package dev.orchestrator.springai;

import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;

/** The chat model most tests build: the loopback orchestrator under one default model. */
final class TestModels {
  private TestModels() {}

  static OrchestratorChatModel chat(LoopbackOrchestrator lb, String model) {
    return chat(lb.orchestrator(), model);
  }

  /** The chat model over {@code orchestrator} under {@code model}. */
  static OrchestratorChatModel chat(TaskOrchestrator orchestrator, String model) {
    return OrchestratorChatModel.builder().orchestrator(orchestrator).defaultModel(model).build();
  }
}

package dev.orchestrator.langchain4j;

import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;

/** The chat model most tests build: the loopback orchestrator under one model name. */
final class TestModels {
  private TestModels() {}

  static OrchestratorChatModel chat(LoopbackOrchestrator lb, String modelName) {
    return chat(lb.orchestrator(), modelName);
  }

  /** The chat model over {@code orchestrator} under {@code modelName}. */
  static OrchestratorChatModel chat(TaskOrchestrator orchestrator, String modelName) {
    return OrchestratorChatModel.builder().orchestrator(orchestrator).modelName(modelName).build();
  }
}

package dev.orchestrator.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.prompt.ChatOptions;

/** Options survive mutate and combine as Spring AI expects; the model validates its builder. */
class OrchestratorChatOptionsTest {

  @Test
  void mutateKeepsEveryValue() {
    OrchestratorChatOptions o =
        OrchestratorChatOptions.builder()
            .model("pair-group")
            .temperature(0.4)
            .topP(0.9)
            .topK(20)
            .maxTokens(50)
            .stopSequences(List.of("END"))
            .presencePenalty(0.1)
            .frequencyPenalty(0.2)
            .toolContext(Map.of("tenant", "a"))
            .outputSchema("{}")
            .toolChoice("required")
            .build();

    assertThat(o.mutate().build()).isEqualTo(o);
  }

  @Test
  void anotherOptionsValuesWinWhereSet() {
    OrchestratorChatOptions defaults =
        OrchestratorChatOptions.builder()
            .model("orchestrator/free")
            .temperature(0.4)
            .toolChoice("auto")
            .build();

    OrchestratorChatOptions combined =
        defaults
            .mutate()
            .combineWith(ChatOptions.builder().temperature(0.9))
            .combineWith(OrchestratorChatOptions.builder().outputSchema("{\"type\":\"object\"}"))
            .build();

    assertThat(combined.getModel()).isEqualTo("orchestrator/free");
    assertThat(combined.getTemperature()).isEqualTo(0.9);
    assertThat(combined.getToolChoice()).isEqualTo("auto");
    assertThat(combined.getOutputSchema()).isEqualTo("{\"type\":\"object\"}");
  }

  @Test
  void theModelNeedsAnOrchestratorAndAModel() {
    assertThatThrownBy(
            () -> OrchestratorChatModel.builder().defaultModel("orchestrator/free").build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("orchestrator: not set (expected: .orchestrator(TaskOrchestrator))");
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.start(Map.of())) {
      assertThatThrownBy(
              () -> OrchestratorChatModel.builder().orchestrator(lb.orchestrator()).build())
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("defaultModel: not set (expected: a model such as orchestrator/free)");
      assertThat(
              OrchestratorChatModel.builder()
                  .orchestrator(lb.orchestrator())
                  .defaultOptions(
                      OrchestratorChatOptions.builder().model("x").temperature(0.5).build())
                  .defaultModel("orchestrator/free")
                  .build()
                  .getOptions())
          .satisfies(
              o -> {
                assertThat(o.getModel()).isEqualTo("orchestrator/free");
                assertThat(o.getTemperature()).isEqualTo(0.5);
              });
    }
  }
}

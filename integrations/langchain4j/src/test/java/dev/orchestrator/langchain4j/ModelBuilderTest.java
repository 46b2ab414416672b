package dev.orchestrator.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Builders validate, and what a built model reports is what it was given. */
class ModelBuilderTest {

  @Test
  void defaultRequestParametersAreExactlyTheBuildersValues() {
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.start(Map.of())) {
      OrchestratorChatModel model =
          OrchestratorChatModel.builder()
              .orchestrator(lb.orchestrator())
              .defaultRequestParameters(
                  ChatRequestParameters.builder().modelName("pair-group").temperature(0.9).build())
              .modelName("orchestrator/free")
              .maxOutputTokens(256)
              .stopSequences(List.of("END"))
              .build();

      ChatRequestParameters p = model.defaultRequestParameters();
      assertThat(p.modelName()).isEqualTo("orchestrator/free");
      assertThat(p.temperature()).isEqualTo(0.9);
      assertThat(p.maxOutputTokens()).isEqualTo(256);
      assertThat(p.stopSequences()).containsExactly("END");
      assertThat(p.topP()).isNull();
      assertThat(model.supportedCapabilities())
          .containsExactly(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
    }
  }

  @Test
  void missingOrchestratorOrModelNameIsAClearError() {
    assertThatThrownBy(() -> OrchestratorChatModel.builder().modelName("orchestrator/free").build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("orchestrator: not set (expected: .orchestrator(TaskOrchestrator))");
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.start(Map.of())) {
      assertThatThrownBy(
              () ->
                  OrchestratorStreamingChatModel.builder().orchestrator(lb.orchestrator()).build())
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("modelName: not set (expected: a model such as orchestrator/free)");
    }
  }

  @Test
  void nonPositiveTimeoutIsRefusedNamingTheValue() {
    assertThatThrownBy(() -> OrchestratorChatModel.builder().timeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("timeout: PT0S (expected: > 0)");
  }
}

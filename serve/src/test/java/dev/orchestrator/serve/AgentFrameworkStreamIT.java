package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import reactor.core.publisher.Flux;

/**
 * docs/reference.md §5 with the agent frameworks that once took a cut stream for a complete answer:
 * LangChain4j's {@code OpenAiStreamingChatModel} and Spring AI's {@code OpenAiChatModel}, pointed
 * at a real {@code serve} whose upstream fails after visible output, must report an error; the same
 * clients read a whole stream to its end (so an error is not all they can say).
 */
class AgentFrameworkStreamIT {
  private static final String ANSWER = Step.DEFAULT_CONTENT;
  private static final String WHOLE = "hi there, all of it";
  private static final Duration WAIT = Duration.ofSeconds(60);

  private static ServeFixture wholeStream() {
    return ServeFixture.start(
        Map.of("alpha/small", List.of(Step.ok(WHOLE))), WireFidelityIT::catalog);
  }

  private static String v1(ServeFixture f) {
    return "http://127.0.0.1:" + f.server.port() + "/v1";
  }

  /** What a LangChain4j stream ended with: the completed text, or the error it reported. */
  private static CompletableFuture<String> langChain4j(ServeFixture f, StringBuilder seen) {
    OpenAiStreamingChatModel model =
        OpenAiStreamingChatModel.builder()
            .baseUrl(v1(f))
            .apiKey("unused-by-a-loopback-serve")
            .modelName("alpha/small")
            .timeout(Duration.ofSeconds(30))
            .build();
    CompletableFuture<String> end = new CompletableFuture<>();
    model.chat(
        "Say hello",
        new StreamingChatResponseHandler() {
          @Override
          public void onPartialResponse(String partial) {
            seen.append(partial);
          }

          @Override
          public void onCompleteResponse(
              dev.langchain4j.model.chat.response.ChatResponse response) {
            end.complete(response.aiMessage().text());
          }

          @Override
          public void onError(Throwable error) {
            end.completeExceptionally(error);
          }
        });
    return end;
  }

  /** What a Spring AI stream ended with: the text of its responses, or the error it signalled. */
  private static CompletableFuture<String> springAi(ServeFixture f, StringBuilder seen) {
    OpenAiChatModel model =
        OpenAiChatModel.builder()
            .options(
                OpenAiChatOptions.builder()
                    .baseUrl(v1(f))
                    .apiKey("unused-by-a-loopback-serve")
                    .model("alpha/small")
                    .maxRetries(0)
                    .timeout(Duration.ofSeconds(30))
                    .build())
            .build();
    CompletableFuture<String> end = new CompletableFuture<>();
    Flux<org.springframework.ai.chat.model.ChatResponse> flux =
        model.stream(new Prompt("Say hello"));
    flux.subscribe(
        r -> seen.append(text(r)), end::completeExceptionally, () -> end.complete(seen.toString()));
    return end;
  }

  private static String text(org.springframework.ai.chat.model.ChatResponse r) {
    if (r.getResult() == null || r.getResult().getOutput().getText() == null) {
      return "";
    }
    return r.getResult().getOutput().getText();
  }

  @Test
  void langChain4jReportsACutStreamThroughOnErrorNeverAsComplete() {
    try (ServeFixture f = StreamTerminationIT.cutStream()) {
      StringBuilder seen = new StringBuilder();
      CompletableFuture<String> end = langChain4j(f, seen);

      assertThatThrownBy(() -> end.get(WAIT.toSeconds(), TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class);
      assertThat(seen.toString()).isNotEmpty().isNotEqualTo(ANSWER);
      assertThat(ANSWER).startsWith(seen.toString());
    }
  }

  @Test
  void langChain4jCompletesAWholeStreamWithAllItsText() throws Exception {
    try (ServeFixture f = wholeStream()) {
      StringBuilder seen = new StringBuilder();

      assertThat(langChain4j(f, seen).get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(WHOLE);
      assertThat(seen.toString()).isEqualTo(WHOLE);
    }
  }

  @Test
  void springAiFluxErrorsOnACutStreamNeverCompletes() {
    try (ServeFixture f = StreamTerminationIT.cutStream()) {
      StringBuilder seen = new StringBuilder();
      CompletableFuture<String> end = springAi(f, seen);

      assertThatThrownBy(() -> end.get(WAIT.toSeconds(), TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class);
      assertThat(seen.toString()).isNotEmpty().isNotEqualTo(ANSWER);
      assertThat(ANSWER).startsWith(seen.toString());
    }
  }

  @Test
  void springAiFluxCompletesAWholeStreamWithAllItsText() throws Exception {
    try (ServeFixture f = wholeStream()) {
      assertThat(springAi(f, new StringBuilder()).get(WAIT.toSeconds(), TimeUnit.SECONDS))
          .isEqualTo(WHOLE);
    }
  }
}

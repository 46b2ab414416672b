package dev.orchestrator.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.Trace;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolChoice;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.content.Media;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.tool.function.FunctionToolCallback;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.util.MimeType;

/** Spring AI prompts become engine requests with nothing lost (ADR 0020 mapping table). */
class PromptMapperTest {
  private static final ToolCallingManager TOOLS = ToolCallingManager.builder().build();

  private static ChatRequest map(Prompt prompt) {
    return PromptMapper.toEngine(prompt, TOOLS);
  }

  private static OrchestratorChatOptions.Builder options() {
    return OrchestratorChatOptions.builder().model("orchestrator/free");
  }

  @Test
  void aGeminiThoughtSignatureRidesTheAssistantMessageAndIsReplayed() {
    dev.orchestrator.engine.chat.ChatResponse answer =
        dev.orchestrator.engine.chat.ChatResponse.builder("m")
            .toolCalls(
                List.of(
                    new ToolCall("fc_1", "weather", "{}", "CiQBsig"),
                    new ToolCall("fc_2", "weather", "{}")))
            .build();
    ChatResult result =
        new ChatResult(
            answer, "gemini/m", new Trace(null, List.of(), "gemini/m", null, Duration.ZERO));

    AssistantMessage message = ResponseMapper.toSpringAi(result).getResult().getOutput();
    ChatRequest replayed =
        map(new Prompt(List.of(new UserMessage("Weather?"), message), options().build()));

    assertThat(replayed.messages().get(1).toolCalls())
        .extracting(ToolCall::thoughtSignature)
        .containsExactly("CiQBsig", null);
  }

  @Test
  void mapsEveryMessageKindKeepingToolCallIds() {
    AssistantMessage calls =
        AssistantMessage.builder()
            .content("")
            .toolCalls(
                List.of(
                    new AssistantMessage.ToolCall("c1", "function", "add", "{\"a\":1}"),
                    new AssistantMessage.ToolCall("c2", "function", "weather", "{}")))
            .build();
    ToolResponseMessage results =
        ToolResponseMessage.builder()
            .responses(
                List.of(
                    new ToolResponseMessage.ToolResponse("c1", "add", "2"),
                    new ToolResponseMessage.ToolResponse("c2", "weather", "sunny")))
            .build();

    ChatRequest r =
        map(
            new Prompt(
                List.of(new SystemMessage("Be brief."), new UserMessage("Go."), calls, results),
                options().build()));

    assertThat(r.messages())
        .extracting(m -> m.role() + ":" + m.content())
        .containsExactly("SYSTEM:Be brief.", "USER:Go.", "ASSISTANT:", "TOOL:2", "TOOL:sunny");
    assertThat(r.messages().get(2).toolCalls()).extracting(c -> c.id()).containsExactly("c1", "c2");
    assertThat(r.messages().get(3).toolCallId()).isEqualTo("c1");
    assertThat(r.messages().get(4).toolCallId()).isEqualTo("c2");
  }

  @Test
  void mapsImagesByUrlAndByBytes() {
    UserMessage user =
        UserMessage.builder()
            .text("Compare")
            .media(
                new Media(
                    MimeType.valueOf("image/png"), URI.create("https://images.example/a.png")),
                new Media(
                    MimeType.valueOf("image/png"), new ByteArrayResource(new byte[] {1, 2, 3})))
            .build();

    List<ContentPart> parts = map(new Prompt(user, options().build())).messages().get(0).parts();

    assertThat(parts).hasSize(3);
    assertThat(((ContentPart.Image) parts.get(1)).url()).isEqualTo("https://images.example/a.png");
    ContentPart.Image inline = (ContentPart.Image) parts.get(2);
    assertThat(inline.mediaType()).isEqualTo("image/png");
    assertThat(inline.base64Data()).isEqualTo("AQID");
  }

  @Test
  void refusesMediaOtherThanImagesNamingIt() {
    UserMessage user =
        UserMessage.builder()
            .text("Listen")
            .media(new Media(MimeType.valueOf("audio/wav"), new ByteArrayResource(new byte[] {1})))
            .build();

    assertThatThrownBy(() -> map(new Prompt(user, options().build())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("media: audio/wav (expected: an image/* media type)");
  }

  @Test
  void mapsPortableOptionsToolsAndOutputSchema() {
    FunctionToolCallback<City, String> weather =
        FunctionToolCallback.builder("weather", (City city) -> "sunny")
            .description("Weather in a city")
            .inputType(City.class)
            .build();

    ChatRequest r =
        map(
            new Prompt(
                "Hi",
                options()
                    .temperature(0.2)
                    .topP(0.8)
                    .topK(30)
                    .maxTokens(100)
                    .stopSequences(List.of("END"))
                    .presencePenalty(0.1)
                    .frequencyPenalty(0.3)
                    .toolCallbacks(List.of(weather))
                    .toolChoice("weather")
                    .outputSchema("{\"type\":\"object\"}")
                    .build()));

    assertThat(r.model()).isEqualTo("orchestrator/free");
    assertThat(r.temperature()).isEqualTo(0.2);
    assertThat(r.topP()).isEqualTo(0.8);
    assertThat(r.extraBody()).containsEntry("top_k", 30);
    assertThat(r.maxTokens()).isEqualTo(100);
    assertThat(r.stop()).containsExactly("END");
    assertThat(r.presencePenalty()).isEqualTo(0.1);
    assertThat(r.frequencyPenalty()).isEqualTo(0.3);
    assertThat(r.tools()).singleElement().satisfies(t -> assertThat(t.name()).isEqualTo("weather"));
    assertThat(r.toolChoice()).isEqualTo(ToolChoice.function("weather"));
    assertThat(r.responseFormat().type()).isEqualTo("json_schema");
    assertThat(r.responseFormat().jsonSchema()).isEqualTo("{\"type\":\"object\"}");
  }

  @ParameterizedTest
  @CsvSource({"auto, AUTO", "none, NONE", "required, REQUIRED"})
  void mapsTheToolChoiceWords(String word, ToolChoice.Mode mode) {
    ChatRequest r = map(new Prompt("Hi", options().toolChoice(word).build()));

    assertThat(r.toolChoice().mode()).isEqualTo(mode);
  }

  @Test
  void aToolWhoseParametersNoProviderTakesIsRefusedNamingIt() {
    // Spring AI writes a String input as {"type": "string"}; every provider wants an object
    FunctionToolCallback<String, String> echo =
        FunctionToolCallback.builder("echo", (String text) -> text).inputType(String.class).build();

    assertThatThrownBy(() -> map(new Prompt("Hi", options().toolCallbacks(List.of(echo)).build())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "tool 'echo' parameters: \"type\": \"string\" (expected: \"object\", or no type)");
  }

  @Test
  void aPromptWithoutAModelIsRefused() {
    assertThatThrownBy(() -> map(new Prompt("Hi", ChatOptions.builder().build())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("model: null (expected: a model such as orchestrator/free)");
  }

  /** A tool's input: Spring AI writes its schema as an object. */
  record City(String name) {}
}

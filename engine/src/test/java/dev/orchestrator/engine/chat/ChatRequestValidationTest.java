package dev.orchestrator.engine.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Capability;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChatRequestValidationTest {

  private static ChatRequest.Builder base() {
    return ChatRequest.builder("orchestrator/free").user("hi");
  }

  private static final Map<String, UnaryOperator<ChatRequest.Builder>> SETTERS =
      Map.ofEntries(
          Map.entry("top_p", b -> b.topP(1.7)),
          Map.entry("temperature", b -> b.temperature(2.5)),
          Map.entry("temperature_negative", b -> b.temperature(-0.1)),
          Map.entry("presence_penalty", b -> b.presencePenalty(-2.5)),
          Map.entry("frequency_penalty", b -> b.frequencyPenalty(3.0)),
          Map.entry("max_tokens", b -> b.maxTokens(0)),
          Map.entry("max_completion_tokens", b -> b.maxCompletionTokens(-4)),
          Map.entry("top_logprobs_range", b -> b.logprobs(true).topLogprobs(21)),
          Map.entry("top_logprobs_alone", b -> b.topLogprobs(3)),
          Map.entry("n", b -> b.n(3)),
          Map.entry("stop", b -> b.stop("")),
          Map.entry("tool_choice", b -> b.toolChoice(ToolChoice.function("search"))),
          Map.entry("extra_models", b -> b.extraBody("models", List.of("a/b"))),
          Map.entry("extra_top_p", b -> b.extraBody("top_p", 0.5)),
          Map.entry("extra_nan", b -> b.extraBody("guided", Double.NaN)),
          Map.entry("extra_object", b -> b.extraBody("transforms", new Object())));

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          top_p                | top_p: 1.7 (expected: 0..1)
          temperature          | temperature: 2.5 (expected: 0..2)
          temperature_negative | temperature: -0.1 (expected: 0..2)
          presence_penalty     | presence_penalty: -2.5 (expected: -2..2)
          frequency_penalty    | frequency_penalty: 3.0 (expected: -2..2)
          max_tokens           | max_tokens: 0 (expected: >= 1)
          max_completion_tokens| max_completion_tokens: -4 (expected: >= 1)
          top_logprobs_range   | top_logprobs: 21 (expected: 0..20)
          top_logprobs_alone   | top_logprobs: 3 (expected: only with logprobs: true)
          n                    | n: 3 (expected: 1; the orchestrator does not fan out several choices)
          stop                 | stop: an empty string (expected: non-empty strings)
          tool_choice          | tool_choice.function.name: search (expected: one of the offered tools)
          extra_models         | extraBody.models: a field the request models
          extra_top_p          | extraBody.top_p: a field the request models
          extra_nan            | extraBody.guided: NaN (expected: a finite number)
          extra_object         | extraBody.transforms: a Object (expected: null, boolean, number
          """)
  void rejectsAnInvalidFieldNamingValueAndExpectation(String setter, String message) {
    assertThatThrownBy(() -> SETTERS.get(setter).apply(base()).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void aRequestWithoutMessagesIsRefusedAtBuildNamingTheField() {
    assertThatThrownBy(() -> ChatRequest.builder("orchestrator/free").maxTokens(5).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("messages: empty (expected: at least one message)");
    assertThatThrownBy(() -> base().build().toBuilder().messages(List.of()).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("messages: empty");
  }

  @Test
  void aCallersOwnBodyMayCarryAConversationTheEngineReadsNoMessageOf() {
    // an Anthropic body whose one message holds only blocks the engine does not read goes whole
    // to an Anthropic route; the request has no engine message to send anywhere else
    NativeRequest body =
        new NativeRequest(
            dev.orchestrator.engine.catalog.Protocol.ANTHROPIC_MESSAGES,
            "{\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"search_result\"}]}]}",
            Map.of(),
            List.of(),
            List.of("messages[0].content"));

    ChatRequest r = ChatRequest.builder("claude/m").nativeRequest(body).build();

    assertThat(r.messages()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"plugins", "web_search_options"})
  void aFreeRequestRefusesAFieldBilledApartFromTheTokens(String field) {
    Map<String, Object> web = Map.of("id", "web");
    assertThatThrownBy(
            () ->
                ChatRequest.builder("orchestrator/free")
                    .user("hi")
                    .extraBody(field, List.of(web))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(field + ": not taken by orchestrator/free (expected: none;");
    // any other model may take it: its route's price is what the caller chose to pay
    assertThat(
            ChatRequest.builder("openrouter/openai/gpt-4o")
                .user("hi")
                .extraBody(field, List.of(web))
                .build()
                .extraBody())
        .containsKey(field);
  }

  @Test
  void keepsEveryFieldThroughToBuilder() {
    ChatRequest r =
        base()
            .tool(new ToolDefinition("search", "web search", "{\"type\":\"object\"}"))
            .toolChoice(ToolChoice.function("search"))
            .parallelToolCalls(false)
            .topP(0.9)
            .stop("END", "STOP")
            .seed(42L)
            .maxCompletionTokens(100)
            .presencePenalty(0.5)
            .frequencyPenalty(-0.5)
            .reasoningEffort(ReasoningEffort.HIGH)
            .endUser("u-1")
            .metadata(Map.of("k", "v"))
            .streamOptions(Map.of("include_usage", true))
            .logprobs(true)
            .topLogprobs(2)
            .n(1)
            .extraBody("transforms", Map.of("order", List.of("a", "b")))
            .build();
    assertThat(r.toBuilder().build()).isEqualTo(r);
    assertThat(r.includeUsage()).isTrue();
    assertThat(r.outputTokenLimit()).isEqualTo(100);
    assertThat(r.extraBody()).containsEntry("transforms", Map.of("order", List.of("a", "b")));
  }

  @Test
  void impliesCapabilitiesFromMeaningAndNamesTheField() {
    ChatRequest r =
        base()
            .user(ContentPart.text("what is this?"), ContentPart.imageUrl("https://x.test/a.png"))
            .tool(new ToolDefinition("search", null, null))
            .toolChoice(ToolChoice.REQUIRED)
            .responseFormat(ResponseFormat.jsonSchema("answer", "{\"type\":\"object\"}", true))
            .build();
    assertThat(r.impliedCapabilities())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                Capability.TOOLS, "tool_choice",
                Capability.VISION, "messages[1].content[1]",
                Capability.JSON, "response_format"));
  }

  @Test
  void toolChoiceNoneDoesNotRequireTools() {
    ChatRequest r =
        base().tool(new ToolDefinition("search", null, null)).toolChoice(ToolChoice.NONE).build();
    assertThat(r.requiredCapabilities()).doesNotContain(Capability.TOOLS);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          ftp://x.test/a.png                | image url: ftp://x.test/a.png (expected: an http(s): URL or a data: URL with base64 data)
          data:image/png,abc                | image url: data:image/png,abc (expected: data:<media-type>;base64,<data>)
          data:;base64,AAAA                 | image mediaType:  (expected: a media type such as image/png)
          data:image/png;base64,not*base64! | image data: not base64 (expected: base64 text)
          """)
  void rejectsAnImageUrlThatIsNeitherHttpNorData(String url, String message) {
    assertThatThrownBy(() -> ContentPart.Image.fromUrl(url, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void splitsADataUrlIntoMediaTypeAndData() {
    ContentPart.Image i = ContentPart.Image.fromUrl("data:image/PNG;base64,iVBORw0K", "low");
    assertThat(i.mediaType()).isEqualTo("image/png");
    assertThat(i.base64Data()).isEqualTo("iVBORw0K");
    assertThat(i.asUrl()).isEqualTo("data:image/png;base64,iVBORw0K");
    assertThat(i.toString()).doesNotContain("iVBORw0K");
  }

  /**
   * A tool result whose id no earlier call has is refused where the request is built, naming the
   * message and the id: every provider refuses it (ADR 0055). A result after its call — the next
   * message or a later one, with a user message between — is a history the normaliser pairs.
   */
  @Test
  void aToolResultAnsweringNoEarlierCallIsRefusedNamingTheMessageAndTheId() {
    ChatMessage call = ChatMessage.assistant("", List.of(new ToolCall("call_1", "f", "{}")));
    List<ChatMessage> paired =
        List.of(
            ChatMessage.user("go"),
            call,
            ChatMessage.user("and?"),
            ChatMessage.tool("call_1", "done"),
            ChatMessage.assistant("ok"),
            ChatMessage.user("again"),
            ChatMessage.tool("call_1", "done again"));
    assertThat(ChatRequest.orphanToolResult(paired)).isEqualTo(-1);
    assertThat(ChatRequest.builder("p/m").messages(paired).build().messages()).isEqualTo(paired);

    List<ChatMessage> orphan =
        List.of(
            ChatMessage.user("go"),
            call,
            ChatMessage.tool("call_1", "done"),
            ChatMessage.tool("call_9", "lost"));
    assertThat(ChatRequest.orphanToolResult(orphan)).isEqualTo(3);
    assertThatThrownBy(() -> ChatRequest.builder("p/m").messages(orphan).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "messages[3].tool_call_id: 'call_9' answers no tool call of an earlier assistant"
                + " message (expected: the id of a call made before it in the conversation;"
                + " providers refuse a tool result without its call)");

    List<ChatMessage> early =
        List.of(ChatMessage.user("go"), ChatMessage.tool("call_1", "done"), call);
    assertThat(ChatRequest.orphanToolResult(early)).isEqualTo(1);
  }
}

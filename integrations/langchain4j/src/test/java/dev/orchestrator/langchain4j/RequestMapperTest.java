package dev.orchestrator.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.AudioContent;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.UnsupportedFeatureException;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.ToolChoice;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.Role;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** LangChain4j requests become engine requests with nothing lost (ADR 0019 mapping table). */
class RequestMapperTest {

  private static dev.orchestrator.engine.chat.ChatRequest map(ChatRequest.Builder b) {
    return RequestMapper.toEngine(b.modelName("orchestrator/free").build());
  }

  @Test
  void mapsEveryMessageKindKeepingToolCallIds() {
    ToolExecutionRequest call =
        ToolExecutionRequest.builder().id("call_9").name("add").arguments("{\"a\":1}").build();

    var r =
        map(
            ChatRequest.builder()
                .messages(
                    SystemMessage.from("Be brief."),
                    UserMessage.from("ada", "Add one."),
                    AiMessage.builder()
                        .thinking("add it")
                        .toolExecutionRequests(List.of(call))
                        .build(),
                    ToolExecutionResultMessage.from(call, "2"),
                    AiMessage.from("It is 2.")));

    assertThat(r.messages())
        .extracting(m -> m.role() + ":" + m.content())
        .containsExactly(
            "SYSTEM:Be brief.", "USER:Add one.", "ASSISTANT:", "TOOL:2", "ASSISTANT:It is 2.");
    assertThat(r.messages().get(1).name()).isEqualTo("ada");
    assertThat(r.messages().get(2).toolCalls())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.id()).isEqualTo("call_9");
              assertThat(c.argumentsJson()).isEqualTo("{\"a\":1}");
            });
    assertThat(r.messages().get(2).reasoningContent()).isEqualTo("add it");
    assertThat(r.messages().get(3).toolCallId()).isEqualTo("call_9");
  }

  @Test
  void mapsImagesByUrlAndInlineWithTheirDetail() {
    var r =
        map(
            ChatRequest.builder()
                .messages(
                    UserMessage.from(
                        TextContent.from("Compare"),
                        ImageContent.from(
                            "https://images.example/a.png", ImageContent.DetailLevel.HIGH),
                        ImageContent.from("iVBORw0KGgo=", "image/png"))));

    List<ContentPart> parts = r.messages().get(0).parts();
    assertThat(parts).hasSize(3);
    assertThat(parts.get(1))
        .isEqualTo(new ContentPart.Image("https://images.example/a.png", null, null, "high"));
    ContentPart.Image inline = (ContentPart.Image) parts.get(2);
    assertThat(inline.url()).isNull();
    assertThat(inline.mediaType()).isEqualTo("image/png");
    assertThat(inline.base64Data()).isEqualTo("iVBORw0KGgo=");
    assertThat(inline.detail()).isEqualTo("low"); // LangChain4j's default detail level
  }

  @Test
  void refusesContentWithoutAnEngineEquivalentNamingIt() {
    assertThatThrownBy(
            () ->
                map(
                    ChatRequest.builder()
                        .messages(UserMessage.from(AudioContent.from("AAAA", "audio/wav")))))
        .isInstanceOf(UnsupportedFeatureException.class)
        .hasMessageContaining("AUDIO")
        .hasMessageContaining("expected: TEXT or IMAGE");
  }

  @Test
  void carriesAStrictToolAsStrict() {
    dev.orchestrator.engine.chat.ChatRequest mapped =
        map(
            ChatRequest.builder()
                .messages(UserMessage.from("Hi"))
                .toolSpecifications(ToolSpecification.builder().name("pay").strict(true).build()));
    assertThat(mapped.tools()).singleElement().satisfies(t -> assertThat(t.strict()).isTrue());
  }

  @Test
  void mapsParametersToolsAndToolChoice() {
    var r =
        map(
            ChatRequest.builder()
                .messages(UserMessage.from("Hi"))
                .temperature(0.2)
                .topP(0.8)
                .topK(30)
                .maxOutputTokens(100)
                .stopSequences(List.of("END", "STOP"))
                .presencePenalty(0.1)
                .frequencyPenalty(0.3)
                .toolChoice(ToolChoice.REQUIRED)
                .toolSpecifications(
                    ToolSpecification.builder()
                        .name("weather")
                        .description("Weather in a city")
                        .parameters(
                            JsonObjectSchema.builder()
                                .addStringProperty("city")
                                .required("city")
                                .build())
                        .build()));

    assertThat(r.temperature()).isEqualTo(0.2);
    assertThat(r.topP()).isEqualTo(0.8);
    assertThat(r.extraBody()).containsEntry("top_k", 30);
    assertThat(r.maxTokens()).isEqualTo(100);
    assertThat(r.stop()).containsExactly("END", "STOP");
    assertThat(r.presencePenalty()).isEqualTo(0.1);
    assertThat(r.frequencyPenalty()).isEqualTo(0.3);
    assertThat(r.toolChoice()).isEqualTo(dev.orchestrator.engine.chat.ToolChoice.REQUIRED);
    assertThat(r.tools())
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.name()).isEqualTo("weather");
              assertThat(t.parametersJsonSchema())
                  .isEqualTo(
                      "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},\"required\":[\"city\"]}");
            });
  }

  @Test
  void mapsResponseFormatsKeepingTheSchemaName() {
    JsonSchema schema =
        JsonSchema.builder()
            .name("Person")
            .rootElement(JsonObjectSchema.builder().addIntegerProperty("age").build())
            .build();

    var structured =
        map(
            ChatRequest.builder()
                .messages(UserMessage.from("Hi"))
                .responseFormat(
                    ResponseFormat.builder()
                        .type(ResponseFormatType.JSON)
                        .jsonSchema(schema)
                        .build()));
    var json =
        map(
            ChatRequest.builder()
                .messages(UserMessage.from("Hi"))
                .responseFormat(ResponseFormat.JSON));
    var text =
        map(
            ChatRequest.builder()
                .messages(UserMessage.from("Hi"))
                .responseFormat(ResponseFormat.TEXT));

    assertThat(structured.responseFormat().type()).isEqualTo("json_schema");
    assertThat(structured.responseFormat().name()).isEqualTo("Person");
    assertThat(structured.responseFormat().jsonSchema())
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"age\":{\"type\":\"integer\"}},\"required\":[]}");
    assertThat(json.responseFormat().type()).isEqualTo("json_object");
    assertThat(text.responseFormat()).isNull();
  }

  @Test
  void anOutOfRangeValueIsRefusedNamingTheField() {
    assertThatThrownBy(() -> map(ChatRequest.builder().messages(UserMessage.from("Hi")).topP(1.7)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("top_p: 1.7");
  }

  @Property(tries = 200)
  void everyConversationMapsMessageForMessageKeepingRolesTextAndToolIds(
      @ForAll("conversations") List<ChatMessage> conversation) {
    var r =
        RequestMapper.toEngine(
            ChatRequest.builder().modelName("orchestrator/free").messages(conversation).build());

    assertThat(r.messages()).hasSameSizeAs(conversation);
    for (int i = 0; i < conversation.size(); i++) {
      ChatMessage in = conversation.get(i);
      var out = r.messages().get(i);
      switch (in.type()) {
        case SYSTEM -> {
          assertThat(out.role()).isEqualTo(Role.SYSTEM);
          assertThat(out.content()).isEqualTo(((SystemMessage) in).text());
        }
        case USER -> {
          assertThat(out.role()).isEqualTo(Role.USER);
          assertThat(out.content()).isEqualTo(((UserMessage) in).singleText());
        }
        case AI -> {
          AiMessage ai = (AiMessage) in;
          assertThat(out.role()).isEqualTo(Role.ASSISTANT);
          assertThat(out.content()).isEqualTo(ai.text() == null ? "" : ai.text());
          assertThat(out.toolCalls())
              .extracting(c -> c.id() + " " + c.name() + " " + c.argumentsJson())
              .containsExactlyElementsOf(
                  ai.toolExecutionRequests().stream()
                      .map(t -> t.id() + " " + t.name() + " " + t.arguments())
                      .toList());
        }
        default -> {
          ToolExecutionResultMessage t = (ToolExecutionResultMessage) in;
          assertThat(out.role()).isEqualTo(Role.TOOL);
          assertThat(out.toolCallId()).isEqualTo(t.id());
          assertThat(out.content()).isEqualTo(t.text());
        }
      }
    }
  }

  @Provide
  Arbitrary<List<ChatMessage>> conversations() {
    // LangChain4j refuses blank message text.
    Arbitrary<String> text =
        Arbitraries.strings().ofMinLength(1).ofMaxLength(40).filter(t -> !t.trim().isEmpty());
    Arbitrary<String> id = Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(12);
    Arbitrary<ToolExecutionRequest> call =
        Combinators.combine(
                id,
                Arbitraries.of("add", "weather", "search"),
                Arbitraries.integers().between(0, 99))
            .as(
                (i, n, v) ->
                    ToolExecutionRequest.builder()
                        .id(i)
                        .name(n)
                        .arguments("{\"v\":" + v + "}")
                        .build());
    Arbitrary<ChatMessage> message =
        Arbitraries.oneOf(
            text.map(SystemMessage::from),
            text.map(UserMessage::from),
            text.map(AiMessage::from),
            call.list().ofMinSize(1).ofMaxSize(3).map(AiMessage::from),
            Combinators.combine(id, text)
                .as((i, t) -> ToolExecutionResultMessage.from(i, "tool", t)));
    return message
        .list()
        .ofMinSize(1)
        .ofMaxSize(8)
        .map(RequestMapperTest::answered)
        .filter(c -> !c.isEmpty());
  }

  /**
   * {@code messages} as a conversation a provider takes: each tool result answers a call made
   * before it (ADR 0055), so a result whose id no earlier call has takes the last call's id, and
   * one before any call is left out.
   */
  private static List<ChatMessage> answered(List<ChatMessage> messages) {
    List<ChatMessage> out = new ArrayList<>();
    Set<String> calls = new HashSet<>();
    String last = null;
    for (ChatMessage m : messages) {
      if (m instanceof AiMessage ai && ai.hasToolExecutionRequests()) {
        for (ToolExecutionRequest r : ai.toolExecutionRequests()) {
          calls.add(r.id());
          last = r.id();
        }
      } else if (m instanceof ToolExecutionResultMessage t && !calls.contains(t.id())) {
        if (last != null) {
          out.add(ToolExecutionResultMessage.from(last, t.toolName(), t.text()));
        }
        continue;
      }
      out.add(m);
    }
    return out;
  }

  /**
   * A tool result whose call is not in the conversation (a memory that kept the result and let its
   * call go) is refused where the engine request is built, naming the message: every provider
   * refuses it (ADR 0055).
   */
  @Test
  void aToolResultWhoseCallIsNotInTheConversationIsRefusedNamingIt() {
    assertThatThrownBy(
            () ->
                map(
                    ChatRequest.builder()
                        .messages(
                            UserMessage.from("Weather?"),
                            ToolExecutionResultMessage.from("call_9", "weather", "21 C"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "messages[1].tool_call_id: 'call_9' answers no tool call of an earlier assistant"
                + " message");
  }
}

package dev.orchestrator.providers.internal.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.HistoryConstraints;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.NativeRequest;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.providers.internal.wire.RequestEncodingException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rules of each family's table, one at a time (docs/design.md §13). */
class HistoryNormaliserTest {
  private static final ToolCall CALL = new ToolCall("call_1", "weather", "{}");

  private static ChatRequest.Builder loop(ChatMessage assistant) {
    return ChatRequest.builder("p/m")
        .system("Be brief.")
        .user("Weather?")
        .message(assistant)
        .message(ChatMessage.tool("call_1", "21 C"));
  }

  @Test
  void aFamilyComesFromTheProtocolAndTheStartOfTheProviderId() throws Exception {
    assertThat(Family.of(Protocol.ANTHROPIC_MESSAGES, "bedrock")).isEqualTo(Family.ANTHROPIC);
    assertThat(Family.of(Protocol.OPENAI_CHAT, "mistral-eu")).isEqualTo(Family.MISTRAL);
    assertThat(Family.of(Protocol.OPENAI_CHAT, "kimi")).isEqualTo(Family.MOONSHOT);
    assertThat(Family.of(Protocol.OPENAI_CHAT, "google-ai")).isEqualTo(Family.GEMINI);
    assertThat(Family.of(Protocol.OPENAI_CHAT, "openrouter")).isEqualTo(Family.GENERIC);
  }

  @Test
  void aRequestNothingWasAdaptedInIsSentAsItIsAndAnAdaptedOneAsRebuilt() throws Exception {
    ChatRequest plain = ChatRequest.builder("p/m").system("Be brief.").user("Hi").build();
    assertThat(HistoryNormaliser.normalise(plain, Family.OPENAI).applyTo(plain)).isSameAs(plain);
    assertThat(HistoryNormaliser.normalise(plain, Family.ANTHROPIC).applyTo(plain)).isSameAs(plain);

    ChatRequest withUser = plain.toBuilder().endUser("u-1").build();
    ChatRequest toMistral = HistoryNormaliser.normalise(withUser, Family.MISTRAL).applyTo(withUser);
    assertThat(toMistral).isNotSameAs(withUser);
    assertThat(toMistral.user()).isNull();
    assertThat(toMistral.messages()).isEqualTo(withUser.messages());

    ChatRequest strict =
        HistoryNormaliser.normalise(plain, Profile.of(Family.OPENAI).strictest()).applyTo(plain);
    assertThat(strict).isNotSameAs(plain);
  }

  @Test
  void mistralGetsALateSystemMessageFoldedIntoTheLeadingOne() throws Exception {
    ChatRequest r =
        loop(ChatMessage.assistant(null, List.of(CALL)))
            .system("Use metric units.")
            .user("Summarise.")
            .build();

    HistoryNormaliser.Normalised n = HistoryNormaliser.normalise(r, Family.MISTRAL);

    assertThat(n.messages()).extracting(ChatMessage::role).containsOnlyOnce(Role.SYSTEM);
    assertThat(n.messages().get(0).content()).isEqualTo("Be brief.\n\nUse metric units.");
    assertThat(n.adapted()).anyMatch(a -> a.startsWith("messages[4]: system message moved"));
    assertThat(HistoryNormaliser.normalise(r, Family.OPENAI).messages()).isEqualTo(r.messages());
  }

  @Test
  void mistralGetsAnAssistantTurnBetweenToolResultsAndAUserMessageRightAfterThem()
      throws Exception {
    ChatRequest r = loop(ChatMessage.assistant(null, List.of(CALL))).user("Only Oslo.").build();

    HistoryNormaliser.Normalised n = HistoryNormaliser.normalise(r, Family.MISTRAL);

    assertThat(n.messages())
        .extracting(ChatMessage::role)
        .containsExactly(
            Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT, Role.USER);
    assertThat(n.messages().get(4).content()).isEqualTo(HistoryNormaliser.BRIDGE);
    assertThat(n.messages().get(5)).isEqualTo(r.messages().get(4));
    assertThat(n.adapted())
        .contains(
            "messages[4]: assistant turn \"OK\" put before it (mistral takes no user message right"
                + " after a tool result)");
    assertThat(HistoryNormaliser.normalise(r, Family.OPENAI).messages()).isEqualTo(r.messages());
    assertThat(HistoryNormaliser.normalise(r, Profile.of(Family.OPENAI).strictest()).messages())
        .extracting(ChatMessage::role)
        .containsSubsequence(Role.TOOL, Role.ASSISTANT, Role.USER);
    assertThat(HistoryNormaliser.normalise(r, Profile.of(Family.ANTHROPIC).strictest()).messages())
        .extracting(ChatMessage::role)
        .containsExactly(Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.TOOL, Role.USER);
  }

  @Test
  void mistralGetsAFinalAssistantMessageMarkedAsAPrefixAndTheFlagOnlyThere() throws Exception {
    ChatRequest r =
        ChatRequest.builder("p/m")
            .user("Capital of France?")
            .message(
                ChatMessage.builder(Role.ASSISTANT).text("Paris.").extra("prefix", true).build())
            .user("And of Italy?")
            .message(ChatMessage.assistant("The capital of Italy is "))
            .build();

    HistoryNormaliser.Normalised n = HistoryNormaliser.normalise(r, Family.MISTRAL);

    assertThat(n.messages().get(3).extra()).containsEntry("prefix", true);
    assertThat(n.messages().get(3).content()).isEqualTo("The capital of Italy is ");
    assertThat(n.messages().get(1).extra()).doesNotContainKey("prefix");
    assertThat(n.echoedPrefix()).isEqualTo("The capital of Italy is ");
    assertThat(n.adapted())
        .containsExactly(
            "messages[1].prefix: left out (mistral takes it only on the final message)",
            "messages[3].prefix: true added (mistral continues a final assistant message only when"
                + " it is marked as a prefix; the answer repeats it, and the caller gets the answer"
                + " without it)");
    HistoryNormaliser.Normalised openAi = HistoryNormaliser.normalise(r, Family.OPENAI);
    assertThat(openAi.messages()).isEqualTo(r.messages());
    assertThat(openAi.echoedPrefix()).isNull();

    ChatRequest own =
        ChatRequest.builder("p/m")
            .user("Capital of France?")
            .message(
                ChatMessage.builder(Role.ASSISTANT)
                    .text("The capital is ")
                    .extra("prefix", true)
                    .build())
            .build();
    HistoryNormaliser.Normalised callers = HistoryNormaliser.normalise(own, Family.MISTRAL);
    assertThat(callers.messages()).isEqualTo(own.messages());
    assertThat(callers.echoedPrefix()).as("the caller's own flag, its own answer").isNull();
    assertThat(callers.adapted()).isEmpty();
  }

  @Test
  void deepSeekGetsReasoningOnToolTurnsAndOpenAiNone() throws Exception {
    ChatRequest bare = loop(ChatMessage.assistant(null, List.of(CALL))).build();
    ChatRequest reasoned =
        loop(ChatMessage.builder(Role.ASSISTANT).reasoningContent("think").toolCall(CALL).build())
            .build();

    assertThat(HistoryNormaliser.normalise(bare, Family.DEEPSEEK).messages().get(2))
        .extracting(ChatMessage::reasoningContent)
        .isEqualTo("");
    assertThat(HistoryNormaliser.normalise(reasoned, Family.MOONSHOT).messages().get(2))
        .extracting(ChatMessage::reasoningContent)
        .isEqualTo("think");
    HistoryNormaliser.Normalised openAi = HistoryNormaliser.normalise(reasoned, Family.OPENAI);
    assertThat(openAi.messages().get(2).reasoningContent()).isNull();
    assertThat(openAi.adapted())
        .containsExactly("messages[2].reasoning_content: left out (openai refuses it)");
  }

  @Test
  void geminiGetsItsSignatureBackAndThePlaceholderForCallsItDidNotIssue() throws Exception {
    ChatRequest signed =
        loop(ChatMessage.assistant(null, List.of(CALL.withThoughtSignature("CiQBx")))).build();
    ChatRequest foreign = loop(ChatMessage.assistant(null, List.of(CALL))).build();

    assertThat(HistoryNormaliser.normalise(signed, Family.GEMINI).messages().get(2).toolCalls())
        .extracting(ToolCall::thoughtSignature)
        .containsExactly("CiQBx");
    assertThat(HistoryNormaliser.normalise(foreign, Family.GEMINI).messages().get(2).toolCalls())
        .extracting(ToolCall::thoughtSignature)
        .containsExactly(HistoryNormaliser.GEMINI_PLACEHOLDER);
    HistoryNormaliser.Normalised groq = HistoryNormaliser.normalise(signed, Family.GROQ);
    assertThat(groq.messages().get(2).toolCalls().get(0).thoughtSignature()).isNull();
    assertThat(groq.adapted()).anyMatch(a -> a.contains("thought signatures left out"));
  }

  @Test
  void anthropicTakesBackOnlyBlocksItSignedAndTurnsThinkingOffForAForeignToolLoop()
      throws Exception {
    ChatMessage foreign =
        ChatMessage.builder(Role.ASSISTANT)
            .family("gemini")
            .thinking(Thinking.of("mine", "sig-from-elsewhere"))
            .toolCall(CALL)
            .build();
    ChatRequest r = loop(foreign).reasoningEffort(ReasoningEffort.LOW).build();

    HistoryNormaliser.Normalised n = HistoryNormaliser.normalise(r, Family.ANTHROPIC);

    assertThat(n.messages().get(2).thinking()).isEmpty();
    assertThat(n.thinkingOff()).isTrue();
    assertThat(n.adapted())
        .anyMatch(a -> a.startsWith("messages[2].thinking: 1 block(s) left out"))
        .anyMatch(a -> a.startsWith("reasoning_effort: thinking off"));

    ChatMessage own =
        ChatMessage.builder(Role.ASSISTANT)
            .thinking(Thinking.of("t", "sig"))
            .toolCall(CALL)
            .build();
    HistoryNormaliser.Normalised kept =
        HistoryNormaliser.normalise(
            loop(own).reasoningEffort(ReasoningEffort.LOW).build(), Family.ANTHROPIC);
    assertThat(kept.messages().get(2).thinking()).hasSize(1);
    assertThat(kept.thinkingOff()).isFalse();
    assertThat(kept.adapted()).isEmpty();
  }

  @Test
  void aToolResultAfterAnotherMessageMovesRightAfterItsCall() throws Exception {
    ChatRequest r =
        ChatRequest.builder("p/m")
            .user("Weather?")
            .message(ChatMessage.assistant(null, List.of(CALL)))
            .user("(still there?)")
            .message(ChatMessage.tool("call_1", "21 C"))
            .build();

    HistoryNormaliser.Normalised n = HistoryNormaliser.normalise(r, Family.ANTHROPIC);

    assertThat(n.messages())
        .extracting(ChatMessage::role)
        .containsExactly(Role.USER, Role.ASSISTANT, Role.TOOL, Role.USER);
    assertThat(n.adapted())
        .anyMatch(a -> a.startsWith("messages[3]: tool result moved right after its tool call"));
  }

  @Test
  void anEmptyAssistantTurnIsLeftOutWhereRefusedAndARefusalBecomesText() throws Exception {
    ChatRequest r =
        ChatRequest.builder("p/m")
            .user("Hi")
            .message(ChatMessage.assistant(""))
            .user("Who is this?")
            .message(ChatMessage.builder(Role.ASSISTANT).refusal("I cannot say.").build())
            .user("Ok.")
            .build();

    HistoryNormaliser.Normalised n = HistoryNormaliser.normalise(r, Family.MISTRAL);

    assertThat(n.messages()).hasSize(4);
    assertThat(n.messages().get(2).content()).isEqualTo("I cannot say.");
    assertThat(n.messages().get(2).refusal()).isNull();
    assertThat(n.adapted())
        .containsExactly(
            "messages[1]: empty assistant message left out (mistral refuses a message without"
                + " content)",
            "messages[3].refusal: left out (mistral refuses it)",
            "messages[3].refusal: sent as the message's text");
  }

  @Test
  void openRoutersReasoningDetailsAreLeftOutWhereOnlyARolesFieldsAreTakenAndKeptElsewhere()
      throws Exception {
    List<Object> details = List.of(Map.of("type", "reasoning.encrypted", "data", "ZW5j"));
    ChatRequest r =
        ChatRequest.builder("p/m")
            .user("Hi")
            .message(
                ChatMessage.builder(Role.ASSISTANT)
                    .text("Hello.")
                    .extra("reasoning_details", details)
                    .build())
            .user("Again?")
            .build();

    for (Family f : List.of(Family.OPENAI, Family.MISTRAL, Family.GROQ)) {
      HistoryNormaliser.Normalised n = HistoryNormaliser.normalise(r, f);
      assertThat(n.messages().get(1).extra())
          .as(f.wireName())
          .doesNotContainKey("reasoning_details");
      assertThat(n.adapted())
          .containsExactly(
              "messages[1].reasoning_details: left out (" + f.wireName() + " refuses it)");
    }
    HistoryNormaliser.Normalised generic = HistoryNormaliser.normalise(r, Family.GENERIC);
    assertThat(generic.messages()).isEqualTo(r.messages());
    assertThat(generic.adapted()).isEmpty();
  }

  @Test
  void idsAreReplacedConsistentlyAndGivenBack() throws Exception {
    ChatRequest r = loop(ChatMessage.assistant(null, List.of(CALL))).build();

    HistoryNormaliser.Normalised n = HistoryNormaliser.normalise(r, Family.MISTRAL);

    String sent = n.messages().get(2).toolCalls().get(0).id();
    assertThat(sent).matches("[a-zA-Z0-9]{9}");
    assertThat(n.messages().get(3).toolCallId()).isEqualTo(sent);
    assertThat(n.idsBack()).containsEntry(sent, "call_1");
    assertThat(n.adapted()).anyMatch(a -> a.startsWith("messages[2].tool_calls[0].id: replaced"));
  }

  @Test
  void declaredRulesReplaceTheFamilysOwn() throws Exception {
    Provider acme =
        Provider.of("acme", "http://127.0.0.1:1/v1", Protocol.OPENAI_CHAT, List.of())
            .withHistory(
                new HistoryConstraints(null, "alnum", 6, 16, "required-on-tool-calls", true));
    Profile profile = Profile.of(acme, Protocol.OPENAI_CHAT, "acme");
    ChatRequest r =
        loop(ChatMessage.assistant(null, List.of(CALL))).system("Late.").user("Go on.").build();

    HistoryNormaliser.Normalised n = HistoryNormaliser.normalise(r, profile);

    assertThat(profile.family()).isEqualTo(Family.GENERIC);
    assertThat(n.messages().get(2).toolCalls().get(0).id()).matches("[a-zA-Z0-9]{6,16}");
    assertThat(n.messages().get(2).reasoningContent()).isEqualTo("");
    assertThat(n.messages()).extracting(ChatMessage::role).containsOnlyOnce(Role.SYSTEM);
  }

  @Test
  void anthropicGetsNoParticipantNameAndARefusalAsText() throws Exception {
    ChatRequest r =
        ChatRequest.builder("p/m")
            .message(ChatMessage.builder(Role.USER).name("ada").text("Weather?").build())
            .message(ChatMessage.builder(Role.ASSISTANT).refusal("I can't help with that.").build())
            .user("Why not?")
            .build();

    HistoryNormaliser.Normalised n = HistoryNormaliser.normalise(r, Family.ANTHROPIC);

    assertThat(n.messages().get(0).name()).isNull();
    assertThat(n.messages().get(1).refusal()).isNull();
    assertThat(n.messages().get(1).content()).isEqualTo("I can't help with that.");
    assertThat(n.adapted())
        .contains(
            "messages[0].name: left out (anthropic refuses it)",
            "messages[1].refusal: left out (anthropic refuses it)",
            "messages[1].refusal: sent as the message's text");
    assertThat(HistoryNormaliser.normalise(r, Family.OPENAI).messages().get(0).name())
        .isEqualTo("ada");
  }

  @Test
  void aHistoryWithNoMessageLeftForTheFamilyIsNotSent() throws Exception {
    ChatRequest emptyTurn = ChatRequest.builder("p/m").message(ChatMessage.assistant("")).build();

    assertThatThrownBy(() -> HistoryNormaliser.normalise(emptyTurn, Family.GEMINI))
        .isInstanceOf(RequestEncodingException.class)
        .hasMessageStartingWith("messages: none left for gemini (messages[0]: empty assistant");
    assertThat(HistoryNormaliser.normalise(emptyTurn, Family.OPENAI).messages())
        .isEqualTo(emptyTurn.messages());
  }

  @Test
  void anImageByUrlIsRefusedNamingTheFieldWhereOnlyInlineDataIsTaken() throws Exception {
    ChatRequest byUrl =
        ChatRequest.builder("p/m")
            .user("What is this?")
            .message(
                ChatMessage.user(
                    ContentPart.text("And this?"),
                    ContentPart.imageUrl("https://example.com/a.png")))
            .build();
    ChatRequest inline =
        ChatRequest.builder("p/m")
            .message(ChatMessage.user(ContentPart.imageBase64("image/png", "iVBORw0KGgo=")))
            .build();

    assertThatThrownBy(() -> HistoryNormaliser.normalise(byUrl, Family.MOONSHOT))
        .isInstanceOf(RequestEncodingException.class)
        .hasMessageStartingWith("messages[1].content[1].image_url.url: an image by URL (moonshot");
    assertThat(HistoryNormaliser.normalise(inline, Family.MOONSHOT).adapted()).isEmpty();
    for (Family f : Family.values()) {
      if (f != Family.MOONSHOT) {
        assertThat(HistoryNormaliser.normalise(byUrl, f).messages()).isEqualTo(byUrl.messages());
      }
    }
  }

  @Test
  void parallelResultsImagesFollowTheRunOfResultsInOneUserMessage() throws Exception {
    ToolCall second = new ToolCall("call_2", "weather", "{}");
    ContentPart.Image a = ContentPart.imageBase64("image/png", "iVBORw0KGgo=");
    ContentPart.Image b = ContentPart.imageUrl("https://example.com/b.png");
    ChatRequest r =
        ChatRequest.builder("p/m")
            .user("Screens?")
            .message(ChatMessage.assistant(null, List.of(CALL, second)))
            .message(
                ChatMessage.builder(Role.TOOL)
                    .toolCallId("call_1")
                    .parts(List.of(ContentPart.text("one"), a))
                    .build())
            .message(ChatMessage.builder(Role.TOOL).toolCallId("call_2").part(b).build())
            .build();

    HistoryNormaliser.Normalised n = HistoryNormaliser.normalise(r, Family.GROQ);

    assertThat(n.messages())
        .extracting(ChatMessage::role)
        .containsExactly(Role.USER, Role.ASSISTANT, Role.TOOL, Role.TOOL, Role.USER);
    assertThat(n.messages().get(2).parts()).containsExactly(ContentPart.text("one"));
    assertThat(n.messages().get(3).parts()).isEmpty();
    assertThat(n.messages().get(4).parts()).containsExactly(a, b);
    assertThat(n.adapted())
        .containsExactly(
            "messages[2].content[1]: image moved to a user message after the tool results (groq"
                + " takes only text in a tool result)",
            "messages[3].content[0]: image moved to a user message after the tool results (groq"
                + " takes only text in a tool result)");
    assertThat(HistoryNormaliser.normalise(r, Family.ANTHROPIC).messages().get(3).parts())
        .containsExactly(b);
    assertThat(HistoryNormaliser.normalise(r, Family.GENERIC).messages()).isEqualTo(r.messages());
  }

  /**
   * A failed tool result keeps its meaning where the wire has no error flag: its content starts
   * with {@code Error} (ADR 0055), named; Anthropic gets the flag and the content as they were.
   */
  @Test
  void aFailedToolResultSaysItFailedInItsContentWhereTheWireHasNoErrorFlag() throws Exception {
    ToolCall second = new ToolCall("call_2", "weather", "{}");
    ToolCall third = new ToolCall("call_3", "screenshot", "{}");
    ContentPart.Image shot = ContentPart.imageBase64("image/png", "iVBORw0KGgo=");
    ChatRequest r =
        ChatRequest.builder("p/m")
            .user("Weather and a screenshot?")
            .message(ChatMessage.assistant(null, List.of(CALL, second, third)))
            .message(
                ChatMessage.builder(Role.TOOL)
                    .toolCallId("call_1")
                    .text("city not found")
                    .toolError(true)
                    .build())
            .message(ChatMessage.builder(Role.TOOL).toolCallId("call_2").toolError(true).build())
            .message(
                ChatMessage.builder(Role.TOOL)
                    .toolCallId("call_3")
                    .part(shot)
                    .toolError(true)
                    .build())
            .build();

    HistoryNormaliser.Normalised n = HistoryNormaliser.normalise(r, Family.GENERIC);

    assertThat(n.messages().subList(2, 5)).noneMatch(ChatMessage::toolError);
    assertThat(n.messages().get(2).parts())
        .containsExactly(ContentPart.text("Error: city not found"));
    assertThat(n.messages().get(3).parts()).containsExactly(ContentPart.text("Error"));
    assertThat(n.messages().get(4).parts()).containsExactly(ContentPart.text("Error"), shot);
    String said =
        ".is_error: said in the content, which starts with \"Error\" (openai-compatible has no"
            + " such field)";
    assertThat(n.adapted())
        .containsExactly("messages[2]" + said, "messages[3]" + said, "messages[4]" + said);
    // a family that takes only text in a tool result still moves the image out after it
    assertThat(HistoryNormaliser.normalise(r, Family.OPENAI).messages().get(4).parts())
        .containsExactly(ContentPart.text("Error"));
    HistoryNormaliser.Normalised anthropic = HistoryNormaliser.normalise(r, Family.ANTHROPIC);
    assertThat(anthropic.messages()).isEqualTo(r.messages());
    assertThat(anthropic.adapted()).isEmpty();
  }

  /**
   * A tool result with no content goes to Anthropic and Gemini, which refuse an empty one, as
   * {@code (no output)}, named; other families get it as sent; a Messages caller's own body reaches
   * Anthropic as written, and only the strictest form of the repair says it.
   */
  @Test
  void anEmptyToolResultSaysSoWhereTheFamilyRefusesAnEmptyOne() throws Exception {
    ChatRequest r =
        ChatRequest.builder("p/m")
            .user("Make the directory.")
            .message(ChatMessage.assistant(null, List.of(CALL)))
            .message(ChatMessage.tool("call_1", ""))
            .build();
    for (Family f : List.of(Family.ANTHROPIC, Family.GEMINI)) {
      HistoryNormaliser.Normalised n = HistoryNormaliser.normalise(r, f);
      assertThat(n.messages().get(2).parts()).containsExactly(ContentPart.text("(no output)"));
      assertThat(n.adapted())
          .contains(
              "messages[2].content: empty tool result sent as \"(no output)\" ("
                  + f.wireName()
                  + " refuses an empty tool result)");
    }
    for (Family f : List.of(Family.OPENAI, Family.MISTRAL, Family.GROQ, Family.GENERIC)) {
      assertThat(HistoryNormaliser.normalise(r, f).messages().get(2).parts()).isEmpty();
    }
    ChatRequest own =
        r.toBuilder()
            .nativeRequest(
                new NativeRequest(
                    Protocol.ANTHROPIC_MESSAGES, "{}", Map.of(), r.messages(), List.of()))
            .build();
    HistoryNormaliser.Normalised asWritten = HistoryNormaliser.normalise(own, Family.ANTHROPIC);
    assertThat(asWritten.messages()).isEqualTo(own.messages());
    assertThat(asWritten.adapted()).isEmpty();
    assertThat(own.nativeRequest().appliesTo(Protocol.ANTHROPIC_MESSAGES, asWritten.applyTo(own)))
        .as("the caller's own body is sent")
        .isTrue();
    HistoryNormaliser.Normalised strict =
        HistoryNormaliser.normalise(own, Profile.of(Family.ANTHROPIC).strictest());
    assertThat(strict.messages().get(2).parts()).containsExactly(ContentPart.text("(no output)"));
  }
}

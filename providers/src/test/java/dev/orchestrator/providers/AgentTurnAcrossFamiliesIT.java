package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.providers.history.StrictFamilies;
import dev.orchestrator.providers.history.StrictUpstream;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One agent conversation that went through several families before it fails over again, sent to
 * every family's strict stand-in through the real clients (docs/design.md §13): a system prompt, a
 * user's words with an image, an Anthropic turn (signed and redacted thinking, text, three parallel
 * calls) answered by a result, a failed result and a screenshot, a Gemini turn (a thought signature
 * on its first call) answered by a result and an empty one (a command with no output), an empty
 * assistant turn, two user messages in a row, and a last tool loop written as two assistant
 * messages (its text, then its signed thinking and call), with thinking asked for. Every family
 * accepts it in its own form, whole and streamed, and the answer's call has the caller's id.
 */
class AgentTurnAcrossFamiliesIT {
  private static final String PNG =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAA"
          + "AABJRU5ErkJggg==";

  private static StrictUpstream up;

  @BeforeAll
  static void start() {
    up = StrictUpstream.start();
  }

  @AfterAll
  static void stop() {
    up.close();
  }

  static List<String> families() {
    return StrictFamilies.FAMILIES;
  }

  static ChatRequest conversation(boolean stream) {
    ChatRequest.Builder b =
        ChatRequest.builder("agent/m")
            .tool(new ToolDefinition("weather", "Weather in a city", "{\"type\":\"object\"}"))
            .tool(new ToolDefinition("shell", "Run a command", "{\"type\":\"object\"}"))
            .tool(new ToolDefinition("screenshot", "Capture the screen", "{\"type\":\"object\"}"));
    b.system("You are a careful agent.");
    b.message(
        ChatMessage.user(
            ContentPart.text("What is on this screen, and the weather?"),
            ContentPart.imageBase64("image/png", PNG)));
    b.message(
        ChatMessage.builder(Role.ASSISTANT)
            .thinking(Thinking.of("The user wants two things.", "EqQBCkgIARABsigA"))
            .thinking(Thinking.redacted("EmwKAhgBEgy3va3pzix"))
            .text("I'll check both.")
            .toolCall(new ToolCall("toolu_01A", "weather", "{\"q\":\"Oslo\"}"))
            .toolCall(new ToolCall("toolu_01B", "weather", "{\"q\":\"Bergen\"}"))
            .toolCall(new ToolCall("toolu_01C", "screenshot", "{}"))
            .build());
    b.message(ChatMessage.tool("toolu_01A", "{\"temp\":21}"));
    b.message(
        ChatMessage.builder(Role.TOOL)
            .toolCallId("toolu_01B")
            .text("connection refused")
            .toolError(true)
            .build());
    b.message(
        ChatMessage.builder(Role.TOOL)
            .toolCallId("toolu_01C")
            .part(ContentPart.imageBase64("image/png", PNG))
            .build());
    b.message(
        ChatMessage.builder(Role.ASSISTANT)
            .toolCall(new ToolCall("function-call-1", "shell", "{\"cmd\":\"mkdir out\"}", "CiQBg1"))
            .toolCall(new ToolCall("function-call-2", "shell", "{\"cmd\":\"touch out/a\"}"))
            .build());
    b.message(ChatMessage.tool("function-call-1", "created"));
    b.message(ChatMessage.tool("function-call-2", ""));
    b.message(ChatMessage.assistant(""));
    b.user("Go on.");
    b.user("And check Bergen again.");
    b.message(ChatMessage.assistant("Checking Bergen."));
    b.message(
        ChatMessage.builder(Role.ASSISTANT)
            .thinking(Thinking.of("Bergen failed before; retry.", "EqQBCkgIARABsigB"))
            .toolCall(new ToolCall("toolu_01D", "weather", "{\"q\":\"Bergen\"}"))
            .build());
    b.message(ChatMessage.tool("toolu_01D", "{\"temp\":17}"));
    return b.reasoningEffort(ReasoningEffort.LOW).stream(stream).build();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("families")
  void everyFamilyAcceptsTheConversation(String family) {
    AttemptOutcome out = send(family, false);

    StrictUpstream.Received sent = lastReceived(family);
    assertThat(sent.refusal()).as("the family's refusal").isNull();
    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    assertThat(((AttemptOutcome.Succeeded) out).response().toolCalls())
        .extracting(ToolCall::id)
        .containsExactly("toolu_01D");
    List<String> adapted = ((AttemptOutcome.Succeeded) out).adapted();
    String empty =
        "messages[8].content: empty tool result sent as \"(no output)\" ("
            + family
            + " refuses an empty tool result)";
    if (family.equals("anthropic") || family.equals("gemini")) {
      assertThat(adapted).contains(empty);
      assertThat(sent.body().toString()).doesNotContain("\"content\":\"\"");
    } else {
      assertThat(adapted).doesNotContain(empty);
    }
    if (family.equals("anthropic")) {
      // the joined turn starts with its thinking, as Anthropic requires of a tool loop's turn
      JsonNode turn = sent.body().path("messages").get(5);
      assertThat(turn.path("content").path(0).path("type").asText()).isEqualTo("thinking");
      assertThat(turn.path("content").path(1).path("text").asText()).isEqualTo("Checking Bergen.");
      assertThat(sent.body().path("thinking").path("type").asText()).isEqualTo("enabled");
      assertThat(adapted)
          .contains(
              "messages[13]: joined to the assistant message before it, its thinking blocks first"
                  + " (anthropic wants alternating turns, each starting with its thinking)");
    }
    if (family.equals("gemini")) {
      assertThat(adapted)
          .contains(
              "messages[5].content: \"(its content follows the tool results)\" left in the tool"
                  + " result (gemini refuses an empty tool result)");
    }
  }

  @ParameterizedTest(name = "{0}, streamed")
  @MethodSource("families")
  void everyFamilyAcceptsTheConversationStreamed(String family) {
    Fixtures.Recorder recorder = new Fixtures.Recorder();
    AttemptOutcome out = send(family, true, recorder);

    assertThat(lastReceived(family).refusal()).as("the family's refusal").isNull();
    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    assertThat(recorder.toolCalls).extracting(ToolCall::id).containsExactly("toolu_01D");
  }

  private static AttemptOutcome send(String family, boolean stream) {
    return send(family, stream, null);
  }

  private static AttemptOutcome send(String family, boolean stream, Fixtures.Recorder listener) {
    Protocol protocol =
        family.equals("anthropic") ? Protocol.ANTHROPIC_MESSAGES : Protocol.OPENAI_CHAT;
    Provider p = Fixtures.provider(family, up.baseUrl(family), protocol);
    return Fixtures.send(p, "m", conversation(stream), listener);
  }

  private static StrictUpstream.Received lastReceived(String family) {
    StrictUpstream.Received last = null;
    for (StrictUpstream.Received r : up.received()) {
      if (r.family().equals(family)) {
        last = r;
      }
    }
    assertThat(last).as("the request reached the stand-in").isNotNull();
    return last;
  }
}

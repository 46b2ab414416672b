package dev.orchestrator.serve.responses;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.PdfPart;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.serve.http.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A stored conversation reads back as the messages that were stored. */
class ConversationTest {
  @Test
  void readsBackEveryKindOfMessage() {
    List<ChatMessage> messages =
        List.of(
            ChatMessage.system("Rules."),
            ChatMessage.user(
                ContentPart.text("Look:"),
                ContentPart.Image.fromUrl("https://img.test/a.png", "high"),
                ContentPart.imageBase64("image/png", "AAAA")),
            ChatMessage.builder(Role.ASSISTANT)
                .reasoningContent("Hmm.")
                .text("Checking.")
                .toolCall(new ToolCall("call_1", "f", "{\"x\":1}"))
                .toolCall(new ToolCall("call_2", "g", "{}"))
                .build(),
            ChatMessage.tool("call_1", "one"),
            ChatMessage.builder(Role.TOOL)
                .toolCallId("call_2")
                .part(ContentPart.text("a"))
                .part(ContentPart.text("b"))
                .build(),
            ChatMessage.builder(Role.TOOL).toolCallId("call_3").build(),
            ChatMessage.builder(Role.ASSISTANT).refusal("No.").build(),
            ChatMessage.assistant("Plain."),
            ChatMessage.builder(Role.ASSISTANT).reasoningContent("Only thought.").build(),
            ChatMessage.user(
                new ContentPart.File(
                    "{\"type\":\"file\",\"file\":{\"file_id\":\"file-1\"}}",
                    new PdfPart.Unusable(
                        "file.file_id",
                        "an uploaded file's id, readable only where it was stored"))),
            ChatMessage.user(
                new ContentPart.File(
                    "{\"type\":\"file\",\"file\":{\"file_data\":\"data:application/pdf;base64,"
                        + "JVBERi0=\",\"filename\":\"a.pdf\"}}",
                    new PdfPart.Inline("a.pdf", "JVBERi0="))));
    assertThat(Conversation.decode(Conversation.encode(messages))).isEqualTo(messages);
  }

  /**
   * An Anthropic turn's signed and redacted thinking blocks are kept (in the reasoning item's
   * {@code encrypted_content}); another server's encrypted reasoning is dropped and named.
   */
  @Test
  void keepsSignedThinkingAndDropsAnotherServersEncryptedReasoning() throws Exception {
    List<ChatMessage> stored =
        List.of(
            ChatMessage.user("Go."),
            ChatMessage.builder(Role.ASSISTANT)
                .reasoningContent("Look.")
                .thinking(Thinking.of("Look.", "SIG_1"))
                .thinking(Thinking.redacted("REDACTED_1"))
                .toolCall(new ToolCall("toolu_1", "f", "{}"))
                .build(),
            ChatMessage.tool("toolu_1", "done"),
            ChatMessage.builder(Role.ASSISTANT).thinking(Thinking.redacted("ONLY")).build());
    assertThat(Conversation.decode(Conversation.encode(stored))).isEqualTo(stored);

    List<String> dropped = new ArrayList<>();
    List<ChatMessage> read =
        InputItems.read(
            Json.MAPPER.readTree(
                "[{\"type\":\"reasoning\",\"summary\":[],\"encrypted_content\":\"gAAAAENC\"},"
                    + "{\"type\":\"reasoning\",\"summary\":[],\"encrypted_content\":\""
                    + Conversation.SEALED
                    + "bm90IGpzb24\"}]"),
            dropped);
    assertThat(read).isEmpty();
    assertThat(dropped).containsExactly("input[0].encrypted_content", "input[1].encrypted_content");
  }

  /** A PDF built in Java carries no JSON: it is stored as the input_file the front reads back. */
  @Test
  void aPdfBuiltFromItsNameAndDataIsStoredAsAnInputFile() {
    List<ChatMessage> stored = List.of(ChatMessage.user(ContentPart.pdf("a.pdf", "JVBERi0=")));

    assertThat(Conversation.decode(Conversation.encode(stored)))
        .containsExactly(
            ChatMessage.user(
                new ContentPart.File(
                    "{\"type\":\"file\",\"file\":{\"file_data\":\"data:application/pdf;base64,"
                        + "JVBERi0=\",\"filename\":\"a.pdf\"}}",
                    new PdfPart.Inline("a.pdf", "JVBERi0="))));
  }
}

package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.NativeRequest;
import dev.orchestrator.engine.chat.PdfPart;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.providers.internal.anthropic.AnthropicWire;
import dev.orchestrator.providers.internal.history.HistoryNormaliser;
import dev.orchestrator.providers.internal.openai.OpenAiWire;
import dev.orchestrator.providers.internal.wire.Json;
import dev.orchestrator.providers.internal.wire.RequestEncodingException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A chat completions {@code file} part holding a PDF on each wire: Anthropic gets a {@code
 * document} block with a base64 source, named in what was adapted; OpenAI gets the part as the
 * caller wrote it; a part that is not a PDF given inline is refused for Anthropic naming the field.
 */
class PdfPartWireTest {
  static final Route ROUTE = Route.builder("anthropic", "claude-sonnet-4-6").build();

  /** "%PDF-1.4\n%äüöß\n" in base64. */
  static final String DATA = "JVBERi0xLjQKJcOkw7zDtsOfCg==";

  static final String PART =
      "{\"type\":\"file\",\"file\":{\"filename\":\"report.pdf\","
          + "\"file_data\":\"data:application/pdf;base64,"
          + DATA
          + "\"}}";

  static final String DOCUMENT =
      "{\"type\":\"document\",\"source\":{\"type\":\"base64\",\"media_type\":\"application/pdf\","
          + "\"data\":\""
          + DATA
          + "\"},\"title\":\"report.pdf\"}";

  /** The chat front's part for {@link #PART}: its JSON, and the facts read from the same tree. */
  static final ContentPart.File PDF =
      new ContentPart.File(PART, new PdfPart.Inline("report.pdf", DATA));

  /** A PDF given inline without a filename, as the chat front reads it. */
  static final ContentPart.File UNNAMED =
      new ContentPart.File(
          "{\"type\":\"file\",\"file\":{\"file_data\":\"data:application/pdf;base64,"
              + DATA
              + "\"}}",
          new PdfPart.Inline(null, DATA));

  /** A part holding only an uploaded file's id, as the chat front reads it. */
  static final ContentPart.File FILE_ID =
      new ContentPart.File(
          "{\"type\":\"file\",\"file\":{\"file_id\":\"file-abc\"}}",
          new PdfPart.Unusable(
              "file.file_id", "an uploaded file's id, readable only where it was stored"));

  static ChatRequest pdfRequest(ContentPart part) {
    return ChatRequest.builder("m")
        .user(ContentPart.text("Summarise it."), part)
        .maxTokens(256)
        .build();
  }

  static JsonNode json(byte[] body) throws Exception {
    return Json.MAPPER.readTree(body);
  }

  @Test
  void anInlinePdfGoesToAnthropicAsABase64DocumentBlockTitledByItsFilename() throws Exception {
    byte[] body = AnthropicWire.INSTANCE.encode(pdfRequest(PDF), ROUTE);

    JsonNode content = json(body).at("/messages/0/content");
    assertThat(content).hasSize(2);
    assertThat(content.get(0).toString())
        .isEqualTo("{\"type\":\"text\",\"text\":\"Summarise it.\"}");
    assertThat(content.get(1).toString()).isEqualTo(DOCUMENT);
    assertThat(new String(body, StandardCharsets.UTF_8)).contains(DOCUMENT);
  }

  @Test
  void aPdfWithoutAFilenameHasNoTitle() throws Exception {
    JsonNode block =
        json(AnthropicWire.INSTANCE.encode(pdfRequest(UNNAMED), ROUTE)).at("/messages/0/content/1");

    assertThat(block.toString())
        .isEqualTo(
            "{\"type\":\"document\",\"source\":{\"type\":\"base64\","
                + "\"media_type\":\"application/pdf\",\"data\":\""
                + DATA
                + "\"}}");
  }

  @Test
  void aPdfInAToolResultGoesInItsToolResultBlock() throws Exception {
    ChatRequest r =
        ChatRequest.builder("m")
            .user("Fetch the report.")
            .message(ChatMessage.assistant("", List.of(new ToolCall("toolu_1", "fetch", "{}"))))
            .message(
                ChatMessage.builder(Role.TOOL).toolCallId("toolu_1").parts(List.of(PDF)).build())
            .build();

    JsonNode result = json(AnthropicWire.INSTANCE.encode(r, ROUTE)).at("/messages/2/content/0");

    assertThat(result.get("type").asText()).isEqualTo("tool_result");
    assertThat(result.get("content").toString()).isEqualTo("[" + DOCUMENT + "]");
  }

  @Test
  void anOpenAiRouteGetsThePartAsTheCallerWroteIt() throws Exception {
    byte[] body = OpenAiWire.INSTANCE.encode(pdfRequest(PDF), ROUTE);

    assertThat(json(body).at("/messages/0/content/1").toString()).isEqualTo(PART);
    assertThat(new String(body, StandardCharsets.UTF_8)).contains(PART).doesNotContain("document");
  }

  /**
   * A PDF a library caller built from its name and data carries no JSON: Anthropic gets the same
   * document block, an OpenAI-protocol route OpenAI's own part, rendered here with Jackson.
   */
  @Test
  void aPdfBuiltInJavaGoesToEachWireAsTheChatFrontsPartDoes() throws Exception {
    ContentPart.File built = ContentPart.pdf("report.pdf", DATA);

    byte[] anthropic = AnthropicWire.INSTANCE.encode(pdfRequest(built), ROUTE);
    byte[] openAi = OpenAiWire.INSTANCE.encode(pdfRequest(built), ROUTE);

    assertThat(json(anthropic).at("/messages/0/content/1").toString()).isEqualTo(DOCUMENT);
    assertThat(json(openAi).at("/messages/0/content/1").toString()).isEqualTo(PART);
    assertThat(AnthropicWire.INSTANCE.history(pdfRequest(built), null, ROUTE, false).adapted())
        .containsExactly(
            "messages[0].content[1]: PDF file part sent as a document block, file.filename as its"
                + " title (anthropic-messages reads a PDF only in one)");
  }

  /**
   * A raw {@code file} part (JSON a library caller wrote, which nothing reads) is not translated:
   * Anthropic refuses it by its type, an OpenAI-protocol route gets it as written.
   */
  @Test
  void aRawFilePartGoesToOpenAiAsWrittenAndIsRefusedForAnthropic() throws Exception {
    ContentPart raw = new ContentPart.Raw("file", PART);

    assertThatThrownBy(() -> AnthropicWire.INSTANCE.encode(pdfRequest(raw), ROUTE))
        .isInstanceOf(RequestEncodingException.class)
        .hasMessage("messages[0].content[1]: part type file has no anthropic-messages equivalent");
    assertThat(json(OpenAiWire.INSTANCE.encode(pdfRequest(raw), ROUTE)).at("/messages/0/content/1"))
        .hasToString(PART);
  }

  @Test
  void aFileIdOrANonPdfPartIsRefusedForAnthropicNamingTheField() {
    String why =
        " (anthropic-messages takes a file part only as a PDF in file.file_data, a"
            + " data:application/pdf;base64 URL)";
    assertThatThrownBy(() -> AnthropicWire.INSTANCE.encode(pdfRequest(FILE_ID), ROUTE))
        .isInstanceOf(RequestEncodingException.class)
        .hasMessage(
            "messages[0].content[1].file.file_id: an uploaded file's id, readable only where it"
                + " was stored"
                + why);
    assertThatThrownBy(
            () ->
                AnthropicWire.INSTANCE.encode(
                    pdfRequest(
                        new ContentPart.File(
                            "{\"type\":\"file\",\"file\":{\"file_data\":\"data:text/csv;base64,YSxi\"}}",
                            new PdfPart.Unusable(
                                "file.file_data", "text/csv, not application/pdf"))),
                    ROUTE))
        .isInstanceOf(RequestEncodingException.class)
        .hasMessage("messages[0].content[1].file.file_data: text/csv, not application/pdf" + why);
  }

  @Test
  void theTranslationIsNamedWithWhatWasAdaptedForAnthropicOnly() throws Exception {
    HistoryNormaliser.Normalised anthropic =
        AnthropicWire.INSTANCE.history(pdfRequest(PDF), null, ROUTE, false);
    HistoryNormaliser.Normalised strict =
        AnthropicWire.INSTANCE.history(pdfRequest(PDF), null, ROUTE, true);
    HistoryNormaliser.Normalised openAi =
        OpenAiWire.INSTANCE.history(pdfRequest(PDF), null, ROUTE, false);

    String named =
        "messages[0].content[1]: PDF file part sent as a document block, file.filename as its"
            + " title (anthropic-messages reads a PDF only in one)";
    assertThat(anthropic.adapted()).containsExactly(named);
    assertThat(strict.adapted()).last().isEqualTo(named);
    assertThat(openAi.adapted()).isEmpty();
    assertThat(AnthropicWire.INSTANCE.history(pdfRequest(UNNAMED), null, ROUTE, false).adapted())
        .containsExactly(
            "messages[0].content[1]: PDF file part sent as a document block"
                + " (anthropic-messages reads a PDF only in one)");
  }

  @Test
  void theCallersOwnMessagesBodyIsSentAsWrittenAndTranslatedOnceTheEngineChangesIt()
      throws Exception {
    String messagesBody =
        "{\"model\":\"x\",\"max_tokens\":256,\"messages\":[{\"role\":\"user\",\"content\":["
            + "{\"type\":\"document\",\"source\":{\"type\":\"base64\","
            + "\"media_type\":\"application/pdf\",\"data\":\""
            + DATA
            + "\"},\"title\":\"report.pdf\",\"cache_control\":{\"type\":\"ephemeral\"}}]}]}";
    ChatRequest translated = pdfRequest(PDF);
    ChatRequest r =
        translated.toBuilder()
            .nativeRequest(
                new NativeRequest(
                    Protocol.ANTHROPIC_MESSAGES,
                    messagesBody,
                    Map.of(),
                    translated.messages(),
                    List.of()))
            .build();

    assertThat(AnthropicWire.INSTANCE.history(r, null, ROUTE, false)).isNull();
    JsonNode sent = json(AnthropicWire.INSTANCE.encode(r, ROUTE));
    assertThat(sent.at("/messages/0/content/0/cache_control/type").asText()).isEqualTo("ephemeral");

    // Once the engine changes the conversation (a stream continuation appends the partial
    // answer), the body no longer applies: the PDF is translated back into a document block.
    ChatRequest continued = r.toBuilder().message(ChatMessage.assistant("The report says")).build();
    HistoryNormaliser.Normalised h = AnthropicWire.INSTANCE.history(continued, null, ROUTE, false);
    assertThat(h.adapted())
        .contains(
            "messages[0].content[1]: PDF file part sent as a document block, file.filename as its"
                + " title (anthropic-messages reads a PDF only in one)");
    JsonNode sentBack = json(AnthropicWire.INSTANCE.encode(h.applyTo(continued), ROUTE));
    assertThat(sentBack.at("/messages/0/content/1").toString()).isEqualTo(DOCUMENT);
    assertThat(sentBack.at("/messages/1/role").asText()).isEqualTo("assistant");
  }
}

package dev.orchestrator.engine.plan;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.PdfPart;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.ResponseFormat;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.engine.testing.Catalogs;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PlanningFollowsMeaningTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-29T00:00:00Z"), ZoneOffset.UTC);

  private static final Catalog CATALOG =
      Catalog.builder()
          .provider(Catalogs.provider("text"))
          .route(free("text", "plain", 100_000))
          .provider(Catalogs.provider("eye"))
          .route(free("eye", "seer", 100_000, Capability.VISION, Capability.TOOLS))
          .provider(Catalogs.provider("js"))
          .route(free("js", "strict", 100_000, Capability.JSON))
          .provider(
              Provider.of("claude", "http://claude.invalid/v1", Protocol.ANTHROPIC_MESSAGES, null))
          .route(
              free("claude", "opus", 100_000, Capability.VISION, Capability.TOOLS, Capability.JSON))
          .build();

  private static Plan plan(ChatRequest r) {
    return RoutePlanner.create(CATALOG, CLOCK).plan(PlanRequest.from(r, Strategy.COST, false));
  }

  private static Map<String, String> details(Plan p) {
    return p.excluded().stream()
        .filter(x -> x.reason() == ExclusionReason.MISSING_CAPABILITY)
        .collect(Collectors.toMap(Exclusion::route, Exclusion::detail));
  }

  private static List<String> candidates(Plan p) {
    return p.candidates().stream().map(c -> c.route().id()).collect(Collectors.toList());
  }

  private static ChatRequest.Builder freeRequest() {
    return ChatRequest.builder(RoutePlanner.FREE);
  }

  @Test
  void aPdfFilePartRequiresPdfAndNamesItInTheExclusion() {
    Catalog c =
        Catalog.builder()
            .provider(Catalogs.provider("eye"))
            .route(free("eye", "seer", 100_000, Capability.VISION))
            .provider(Catalogs.provider("doc"))
            .route(free("doc", "reader", 100_000, Capability.VISION, Capability.PDF))
            .build();
    ChatRequest r =
        freeRequest()
            .user(
                ContentPart.text("Summarise it."),
                new ContentPart.Raw(
                    "file",
                    "{\"type\":\"file\",\"file\":{\"filename\":\"a.pdf\","
                        + "\"file_data\":\"data:application/pdf;base64,JVBERi0=\"}}"))
            .build();

    Plan p = RoutePlanner.create(c, CLOCK).plan(PlanRequest.from(r, Strategy.COST, false));

    assertThat(r.impliedCapabilities()).containsEntry(Capability.PDF, "messages[0].content[1]");
    assertThat(candidates(p)).containsExactly("doc/reader");
    assertThat(details(p)).containsEntry("eye/seer", "lacks pdf");
  }

  private static final String INLINE_PDF =
      "{\"type\":\"file\",\"file\":{\"filename\":\"a.pdf\","
          + "\"file_data\":\"data:application/pdf;base64,JVBERi0=\"}}";

  /** The chat front's part: the caller's JSON with the facts read from the same parsed tree. */
  private static final ContentPart PDF_PART =
      new ContentPart.File(INLINE_PDF, new PdfPart.Inline("a.pdf", "JVBERi0="));

  /** Two routes that read PDFs, one of each protocol, and one that reads none. */
  private static final Catalog PDF_READERS =
      Catalog.builder()
          .provider(Catalogs.provider("doc"))
          .route(free("doc", "reader", 100_000, Capability.VISION, Capability.PDF))
          .provider(
              Provider.of("claude", "http://claude.invalid/v1", Protocol.ANTHROPIC_MESSAGES, null))
          .route(free("claude", "reader", 100_000, Capability.VISION, Capability.PDF))
          .route(free("claude", "blind", 100_000, Capability.VISION))
          .build();

  private static Plan planPdf(ChatRequest r) {
    return RoutePlanner.create(PDF_READERS, CLOCK).plan(PlanRequest.from(r, Strategy.COST, false));
  }

  @Test
  void anInlinePdfIsPlannedToAnAnthropicRouteThatReadsPdfs() {
    for (ContentPart pdf : List.of(PDF_PART, ContentPart.pdf("a.pdf", "JVBERi0="))) {
      Plan p = planPdf(freeRequest().user(ContentPart.text("Summarise it."), pdf).build());

      assertThat(candidates(p))
          .as("%s", pdf)
          .containsExactlyInAnyOrder("doc/reader", "claude/reader");
      assertThat(details(p)).as("%s", pdf).containsEntry("claude/blind", "lacks pdf");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          file_id    | {"type":"file","file":{"file_id":"file-abc"}}                                            | file.file_id   | an uploaded file's id, readable only where it was stored
          not a PDF  | {"type":"file","file":{"filename":"a.txt","file_data":"data:text/plain;base64,aGk="}}   | file.file_data | text/plain, not application/pdf
          cache hint | {"type":"file","file":{"file_data":"data:application/pdf;base64,JVBE"},"cache_control":{"type":"ephemeral"}} | cache_control | a field no other protocol's PDF has
          """)
  void aFilePartAnthropicCannotReadExcludesItsRoutesNamingTheField(
      String name, String json, String field, String problem) {
    Plan p =
        planPdf(
            freeRequest()
                .user(
                    ContentPart.text("Summarise it."),
                    new ContentPart.File(json, new PdfPart.Unusable(field, problem)))
                .build());

    String why =
        " (anthropic-messages takes a file part only as a PDF in file.file_data, a"
            + " data:application/pdf;base64 URL)";
    assertThat(candidates(p)).as(name).containsExactly("doc/reader");
    assertThat(details(p))
        .as(name)
        .containsEntry("claude/reader", "messages[0].content[1]." + field + ": " + problem + why);
  }

  /**
   * A raw {@code file} part (a library caller's own JSON, which the engine does not read) implies
   * {@code pdf} and goes to OpenAI-protocol routes as written; Anthropic routes stay out, named by
   * the part's type, as for any raw part.
   */
  @Test
  void aRawFilePartIsPlannedOnlyToOpenAiProtocolRoutes() {
    Plan p =
        planPdf(
            freeRequest()
                .user(ContentPart.text("Summarise it."), new ContentPart.Raw("file", INLINE_PDF))
                .build());

    assertThat(candidates(p)).containsExactly("doc/reader");
    assertThat(details(p))
        .containsEntry(
            "claude/reader",
            "messages[0].content[1]: part type file has no anthropic-messages" + " equivalent")
        .containsEntry("claude/blind", "lacks pdf");
  }

  private static final String AUDIO =
      "{\"type\":\"input_audio\",\"input_audio\":{\"data\":\"UklGRg==\",\"format\":\"wav\"}}";

  private static final String VIDEO =
      "{\"type\":\"video_url\",\"video_url\":{\"url\":\"https://v.test/a.mp4\"}}";

  /**
   * One route reading audio, one video, one text only, and an Anthropic route whose model reads
   * both but whose protocol has no part for either.
   */
  private static final Catalog MEDIA_READERS =
      Catalog.builder()
          .provider(Catalogs.provider("text"))
          .route(free("text", "plain", 100_000, Capability.VISION))
          .provider(Catalogs.provider("ear"))
          .route(free("ear", "hears", 100_000, Capability.AUDIO))
          .provider(Catalogs.provider("cam"))
          .route(free("cam", "sees", 100_000, Capability.VIDEO))
          .provider(
              Provider.of("claude", "http://claude.invalid/v1", Protocol.ANTHROPIC_MESSAGES, null))
          .route(free("claude", "omni", 100_000, Capability.AUDIO, Capability.VIDEO))
          .build();

  /**
   * An {@code input_audio} part requires {@code audio} and a {@code video_url} part {@code video},
   * each named by its field; a route without it is {@code lacks audio} / {@code lacks video}, and
   * an Anthropic route that has it stays out too, its protocol having no such part.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          input_audio | audio | ear/hears | cam/sees
          video_url   | video | cam/sees  | ear/hears
          """)
  void anAudioOrVideoPartIsPlannedOnlyToAnOpenAiRouteThatReadsIt(
      String type, String capability, String reader, String other) {
    ContentPart part = new ContentPart.Raw(type, type.equals("input_audio") ? AUDIO : VIDEO);
    ChatRequest r = freeRequest().user(ContentPart.text("What is said?"), part).build();

    Plan p =
        RoutePlanner.create(MEDIA_READERS, CLOCK).plan(PlanRequest.from(r, Strategy.COST, false));

    Capability needed = Capability.fromWireName(capability);
    assertThat(r.impliedCapabilities())
        .containsExactly(Map.entry(needed, "messages[0].content[1]"));
    assertThat(candidates(p)).containsExactly(reader);
    assertThat(details(p))
        .containsOnly(
            Map.entry("text/plain", "lacks " + capability),
            Map.entry(other, "lacks " + capability),
            Map.entry(
                "claude/omni",
                "messages[0].content[1]: part type "
                    + type
                    + " has no anthropic-messages equivalent"));
  }

  @Test
  void aRequestWithAudioAndVideoNeedsARouteThatReadsBoth() {
    ChatRequest r =
        freeRequest()
            .user(
                new ContentPart.Raw("video_url", VIDEO),
                ContentPart.text("Does the sound match?"),
                new ContentPart.Raw("input_audio", AUDIO))
            .build();

    Plan p =
        RoutePlanner.create(MEDIA_READERS, CLOCK).plan(PlanRequest.from(r, Strategy.COST, false));

    assertThat(r.impliedCapabilities())
        .containsEntry(Capability.AUDIO, "messages[0].content[2]")
        .containsEntry(Capability.VIDEO, "messages[0].content[0]");
    assertThat(candidates(p)).isEmpty();
    assertThat(details(p))
        .containsEntry("text/plain", "lacks audio, video")
        .containsEntry("ear/hears", "lacks video")
        .containsEntry("cam/sees", "lacks audio");
  }

  @Test
  void aPdfIsTranslatableInAToolResultButNotInAnAssistantTurn() {
    ContentPart pdf = PDF_PART;
    ChatRequest inResult =
        freeRequest()
            .user("Read the report.")
            .message(ChatMessage.assistant("", List.of(new ToolCall("c1", "fetch", "{}"))))
            .message(ChatMessage.builder(Role.TOOL).toolCallId("c1").parts(List.of(pdf)).build())
            .build();
    ChatRequest inAssistant =
        freeRequest()
            .user("hi")
            .message(ChatMessage.builder(Role.ASSISTANT).parts(List.of(pdf)).build())
            .build();

    assertThat(ProtocolFit.firstGap(inResult, Protocol.ANTHROPIC_MESSAGES)).isNull();
    assertThat(ProtocolFit.firstGap(inAssistant, Protocol.ANTHROPIC_MESSAGES))
        .isEqualTo(
            new FieldGap(
                "messages[1].content[0]",
                "a PDF in an assistant turn (anthropic-messages takes a document only from the"
                    + " user)"));
    assertThat(ProtocolFit.firstGap(inAssistant, Protocol.OPENAI_CHAT)).isNull();
  }

  @Test
  void anImagePartRequiresVisionAndNamesItInTheExclusion() {
    Plan p =
        plan(
            freeRequest()
                .user(ContentPart.text("what?"), ContentPart.imageUrl("https://x/a.png"))
                .build());
    assertThat(candidates(p)).containsExactlyInAnyOrder("eye/seer", "claude/opus");
    assertThat(details(p))
        .containsEntry("text/plain", "lacks vision")
        .containsEntry("js/strict", "lacks vision");
  }

  @Test
  void aJsonSchemaRequiresStructuredOutput() {
    Plan p =
        plan(
            freeRequest()
                .user("hi")
                .responseFormat(ResponseFormat.jsonSchema("a", "{\"type\":\"object\"}", true))
                .build());
    // Anthropic routes cannot express response_format in this version: excluded with the field.
    assertThat(candidates(p)).containsExactly("js/strict");
    assertThat(details(p))
        .containsEntry("text/plain", "lacks json")
        .containsEntry("eye/seer", "lacks json")
        .containsEntry(
            "claude/opus",
            "response_format: json_schema has no anthropic-messages equivalent in this version");
  }

  @Test
  void toolChoiceNoneDoesNotRequireToolSupport() {
    ToolDefinition t = new ToolDefinition("search", null, null);
    assertThat(
            candidates(plan(freeRequest().user("hi").tool(t).toolChoice(ToolChoice.NONE).build())))
        .contains("text/plain");
    assertThat(
            details(plan(freeRequest().user("hi").tool(t).toolChoice(ToolChoice.REQUIRED).build())))
        .containsEntry("text/plain", "lacks tools");
  }

  private static final Map<String, UnaryOperator<ChatRequest.Builder>> ANTHROPIC_GAPS =
      Map.of(
          "seed", b -> b.seed(7L),
          "presence", b -> b.presencePenalty(0.1),
          "extra", b -> b.extraBody("transforms", Map.of("order", List.of("x"))),
          "metadata", b -> b.metadata(Map.of("k", "v")),
          "hot", b -> b.temperature(1.5),
          "thinking", b -> b.reasoningEffort(ReasoningEffort.HIGH).maxTokens(500),
          "image_detail", b -> b.user(ContentPart.Image.fromUrl("https://x/a.png", "high")));

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          seed         | seed: no anthropic-messages equivalent
          presence     | presence_penalty: no anthropic-messages equivalent
          extra        | transforms: unknown fields are forwarded to openai-chat routes only
          metadata     | metadata: no anthropic-messages equivalent (only user maps to metadata.user_id)
          hot          | temperature: 1.5 (anthropic-messages accepts 0..1)
          thinking     | reasoning_effort: thinking on anthropic-messages needs an output limit over 1024 tokens, the request allows 500
          image_detail | messages[1].content[0].image_url.detail: high has no anthropic-messages equivalent
          """)
  void excludesAnthropicRoutesForAFieldWithoutEquivalent(String gap, String detail) {
    Plan p = plan(ANTHROPIC_GAPS.get(gap).apply(freeRequest().user("hi")).build());
    assertThat(details(p)).containsEntry("claude/opus", detail);
    assertThat(candidates(p)).doesNotContain("claude/opus");
  }

  @Test
  void keepsAnthropicRoutesForTranslatableFields() {
    Plan p =
        plan(
            freeRequest()
                .user("hi")
                .message(ChatMessage.builder(Role.USER).name("ada").text("and me").build())
                .stop("END")
                .topP(0.9)
                .temperature(0.4)
                .endUser("u-1")
                .tool(new ToolDefinition("search", null, null))
                .toolChoice(ToolChoice.function("search"))
                .parallelToolCalls(false)
                .streamOptions(Map.of("include_usage", true))
                .build());
    assertThat(candidates(p)).contains("claude/opus");
  }

  @Test
  void routeWithoutGapsIsUnaffected() {
    Route r = CATALOG.route("claude/opus").orElseThrow();
    assertThat(ProtocolFit.firstGap(freeRequest().user("hi").build(), Protocol.ANTHROPIC_MESSAGES))
        .isNull();
    assertThat(r.capabilities()).contains(Capability.VISION);
  }
}

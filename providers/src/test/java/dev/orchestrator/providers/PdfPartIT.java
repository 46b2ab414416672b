package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.internal.wire.Json;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A PDF sent as a chat completions {@code file} part, against the scripted upstream on {@code
 * 127.0.0.1}: what each upstream receives, byte for byte. An Anthropic route gets Anthropic's
 * {@code document} block with a base64 source (whole and streamed, the translation named in what
 * was adapted); an OpenAI-protocol route gets the part as the caller wrote it; a part with only an
 * uploaded file's {@code file_id} never reaches Anthropic and is refused naming the field — by the
 * encoder before sending, and by planning, which then serves it elsewhere.
 */
class PdfPartIT {
  /** "%PDF-1.4\n%äüöß\n" in base64. */
  private static final String DATA = PdfPartWireTest.DATA;

  private static final String PART = PdfPartWireTest.PART;

  /** The chat front's part for {@link #PART}. */
  private static final ContentPart PDF = PdfPartWireTest.PDF;

  private static final String DOCUMENT = PdfPartWireTest.DOCUMENT;

  /** A part holding only an uploaded file's id, as the chat front reads it. */
  private static final ContentPart.File FILE_ID = PdfPartWireTest.FILE_ID;

  private static final String NAMED =
      "messages[0].content[1]: PDF file part sent as a document block, file.filename as its"
          + " title (anthropic-messages reads a PDF only in one)";

  private static ChatRequest request(ContentPart part, boolean stream) {
    return ChatRequest.builder("pool")
        .user(ContentPart.text("Summarise it."), part)
        .maxTokens(256)
        .stream(stream)
        .build();
  }

  /** A recorder that also keeps what the attempt told it was adapted. */
  static final class Heard extends Fixtures.Recorder {
    final List<String> adapted = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void onAdapted(List<String> what) {
      adapted.addAll(what);
    }
  }

  @ParameterizedTest(name = "stream={0}")
  @ValueSource(booleans = {false, true})
  void anAnthropicRouteReceivesTheInlinePdfAsABase64DocumentBlock(boolean stream) throws Exception {
    try (ScriptedUpstream up =
        ScriptedUpstream.start(Map.of("anthropic/claude", List.of(Step.ok("It is a report."))))) {
      Provider p =
          Fixtures.provider("anthropic", up.baseUrl("anthropic"), Protocol.ANTHROPIC_MESSAGES);
      Heard heard = stream ? new Heard() : null;

      AttemptOutcome out = Fixtures.send(p, "claude", request(PDF, stream), heard);

      AttemptOutcome.Succeeded ok = (AttemptOutcome.Succeeded) out;
      assertThat(ok.response().content()).isEqualTo("It is a report.");
      assertThat(ok.adapted()).containsExactly(NAMED);
      if (stream) {
        assertThat(heard.adapted).containsExactly(NAMED);
        assertThat(heard.text()).isEqualTo("It is a report.");
      }
      ScriptedUpstream.Received r = up.received().get(0);
      assertThat(r.path()).endsWith("/v1/messages");
      assertThat(r.body())
          .contains(
              "\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"text\","
                  + "\"text\":\"Summarise it.\"},"
                  + DOCUMENT
                  + "]}]")
          .doesNotContain("file_data")
          .doesNotContain("\"file\"");
      JsonNode body = Json.MAPPER.readTree(r.body());
      assertThat(body.at("/messages/0/content/1/source/data").asText()).isEqualTo(DATA);
    }
  }

  @Test
  void anOpenAiProtocolRouteReceivesThePartAsTheCallerWroteIt() {
    try (ScriptedUpstream up = ScriptedUpstream.start(Map.of())) {
      Provider p = Fixtures.provider("openai", up.baseUrl("openai"), Protocol.OPENAI_CHAT);

      AttemptOutcome out = Fixtures.send(p, "gpt", request(PDF, false), null);

      assertThat(((AttemptOutcome.Succeeded) out).adapted()).isEmpty();
      assertThat(up.received().get(0).body())
          .contains("\"content\":[{\"type\":\"text\",\"text\":\"Summarise it.\"}," + PART + "]")
          .doesNotContain("document");
    }
  }

  @Test
  void aFileIdPartIsRefusedBeforeItReachesAnAnthropicRouteNamingTheField() {
    try (ScriptedUpstream up = ScriptedUpstream.start(Map.of())) {
      Provider p =
          Fixtures.provider("anthropic", up.baseUrl("anthropic"), Protocol.ANTHROPIC_MESSAGES);

      AttemptOutcome out = Fixtures.send(p, "claude", request(FILE_ID, false), null);

      HttpProviderClientsIT.assertRefusedBeforeSending(
          out,
          up,
          FailureCategory.REQUEST_INVALID,
          "messages[0].content[1].file.file_id: an uploaded file's id");
    }
  }

  @Test
  void thePlanSendsTheInlinePdfToAnthropicAndNamesTheTranslationInTheTrace() throws Exception {
    try (ScriptedUpstream up =
        ScriptedUpstream.start(Map.of("anthropic/claude", List.of(Step.ok("A report."))))) {
      ChatResult r = orchestrator(up).chat(request(PDF, false));

      assertThat(r.trace().servingRoute()).isEqualTo("anthropic/claude");
      assertThat(r.trace().adapted()).containsExactly(NAMED);
      assertThat(excluded(r)).containsEntry("mistral/large", "lacks pdf");
      assertThat(up.received())
          .extracting(ScriptedUpstream.Received::routeId)
          .containsExactly("anthropic/claude");
      assertThat(up.received().get(0).body()).contains(DOCUMENT);
    }
  }

  @Test
  void thePlanKeepsAFileIdPartFromAnthropicNamingTheFieldAndServesItWhereItWasStored()
      throws Exception {
    try (ScriptedUpstream up = ScriptedUpstream.start(Map.of())) {
      ChatResult r = orchestrator(up).chat(request(FILE_ID, false));

      assertThat(r.trace().servingRoute()).isEqualTo("openai/gpt");
      assertThat(excluded(r))
          .containsEntry("mistral/large", "lacks pdf")
          .containsEntry(
              "anthropic/claude",
              "messages[0].content[1].file.file_id: an uploaded file's id, readable only where it"
                  + " was stored (anthropic-messages takes a file part only as a PDF in"
                  + " file.file_data, a data:application/pdf;base64 URL)");
      assertThat(up.received())
          .extracting(ScriptedUpstream.Received::routeId)
          .containsExactly("openai/gpt");
      assertThat(up.received().get(0).body()).contains(FILE_ID.json());
    }
  }

  private static Map<String, String> excluded(ChatResult r) {
    return r.trace().plan().excluded().stream()
        .filter(x -> x.reason() == ExclusionReason.MISSING_CAPABILITY)
        .collect(Collectors.toMap(Exclusion::route, Exclusion::detail));
  }

  /**
   * A group that tries Mistral (reads no PDF part), then Anthropic, then OpenAI (both read PDFs, as
   * the catalog derives it from Models.dev's {@code pdf} input and OpenAI's vision).
   */
  private static TaskOrchestrator orchestrator(ScriptedUpstream up) {
    Credentials creds = Credentials.constant("sk-loopback-0123456789");
    Catalog catalog =
        Catalog.builder()
            .provider(
                Provider.of("mistral", up.baseUrl("mistral"), Protocol.OPENAI_CHAT, List.of()))
            .provider(
                Provider.of(
                    "anthropic", up.baseUrl("anthropic"), Protocol.ANTHROPIC_MESSAGES, List.of()))
            .provider(Provider.of("openai", up.baseUrl("openai"), Protocol.OPENAI_CHAT, List.of()))
            .route(route("mistral", "large", Capability.VISION))
            .route(route("anthropic", "claude", Capability.VISION, Capability.PDF))
            .route(route("openai", "gpt", Capability.VISION, Capability.PDF))
            .pool(
                new Pool(
                    "pool",
                    PoolKind.GROUP,
                    List.of("mistral/large", "anthropic/claude", "openai/gpt")))
            .build();
    return TaskOrchestrator.builder()
        .catalog(catalog)
        .providers(HttpProviderClients.builder().credentials(creds).build())
        .credentials(creds)
        .policy(LoopbackOrchestrator.policy().build())
        .build();
  }

  private static Route route(String provider, String model, Capability... caps) {
    return Route.builder(provider, model)
        .tier(Tier.FREE)
        .contextWindow(128_000)
        .capabilities(caps)
        .build();
  }
}

package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.Decision;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.HistoryConstraints;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.providers.history.Corpus;
import dev.orchestrator.providers.history.StrictUpstream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every corpus history reaches every family's strict stand-in in-process, through the real clients,
 * and is accepted (docs/design.md §13): the answer's tool-call ids are the caller's own, and
 * whatever the route did not receive as the caller sent it is named in the client's {@code adapted}
 * list; through the engine, a route of no known family in front of a strict upstream is repaired
 * once.
 */
class HistoryCorpusIT {
  private static StrictUpstream up;

  @BeforeAll
  static void start() {
    up = StrictUpstream.start();
  }

  @AfterAll
  static void stop() {
    up.close();
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource(Corpus.BY_FAMILY)
  void everyHistoryIsAcceptedByEveryFamily(Corpus.Conversation c, String family) throws Exception {
    Protocol protocol =
        family.equals("anthropic") ? Protocol.ANTHROPIC_MESSAGES : Protocol.OPENAI_CHAT;
    Provider p = Fixtures.provider(family, up.baseUrl(family), protocol);
    Route route = Fixtures.route(family, "m");
    ProviderClient client = Fixtures.clients().clientFor(p);
    int before = up.received().size();
    AttemptOutcome out = client.send(ProviderCall.of(p, route, c.request(), Fixtures.easyLimits()));
    List<StrictUpstream.Received> got = up.received();
    StrictUpstream.Received sent = null;
    for (int i = before; i < got.size(); i++) {
      if (got.get(i).family().equals(family)) {
        sent = got.get(i);
      }
    }
    assertThat(sent).as("the request reached the stand-in").isNotNull();
    assertThat(sent.refusal()).as("the family's refusal").isNull();
    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    List<ToolCall> answered = ((AttemptOutcome.Succeeded) out).response().toolCalls();
    assertThat(answered).extracting(ToolCall::id).containsExactly(c.lastCallId());

    List<String> adapted = ((AttemptOutcome.Succeeded) out).adapted();
    nothingSilentlyDropped(c, family, sent.body(), adapted);
  }

  @ParameterizedTest(name = "{0} -> {1}, streamed")
  @MethodSource(Corpus.BY_FAMILY)
  void aStreamedAnswerGivesTheCallerItsOwnIds(Corpus.Conversation c, String family) {
    Protocol protocol =
        family.equals("anthropic") ? Protocol.ANTHROPIC_MESSAGES : Protocol.OPENAI_CHAT;
    Provider p = Fixtures.provider(family, up.baseUrl(family), protocol);
    Fixtures.Recorder recorder = new Fixtures.Recorder();
    AttemptOutcome out =
        Fixtures.send(p, "m", c.request().toBuilder().stream(true).build(), recorder);

    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    assertThat(((AttemptOutcome.Succeeded) out).response().toolCalls())
        .extracting(ToolCall::id)
        .containsExactly(c.lastCallId());
    assertThat(recorder.fragments.get(0).id()).isEqualTo(c.lastCallId());
    assertThat(recorder.fragments.get(0).thoughtSignature())
        .isEqualTo(family.equals("gemini") ? "CiQBstream" : null);
    assertThat(recorder.toolCalls).extracting(ToolCall::id).containsExactly(c.lastCallId());
  }

  static Stream<Arguments> declared() {
    List<Arguments> out = new ArrayList<>();
    for (Corpus.Conversation c : Corpus.all()) {
      for (String family : List.of("mistral", "deepseek", "moonshot", "gemini", "groq")) {
        out.add(Arguments.of(c, family));
      }
    }
    return out.stream();
  }

  /**
   * A provider of no known family by its id, whose catalog entry declares the family it follows,
   * gets histories that family accepts.
   */
  @ParameterizedTest(name = "{0} -> a provider declaring {1}")
  @MethodSource("declared")
  void aDeclaredFamilyIsFollowed(Corpus.Conversation c, String family) {
    Provider p =
        Fixtures.provider("acme", up.baseUrl(family), Protocol.OPENAI_CHAT)
            .withHistory(new HistoryConstraints(family, null, null, null, null, null));
    AttemptOutcome out = Fixtures.send(p, "m", c.request(), null);

    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    assertThat(((AttemptOutcome.Succeeded) out).response().toolCalls())
        .extracting(ToolCall::id)
        .containsExactly(c.lastCallId());
  }

  /**
   * An image by URL is never sent to a family that takes only inline data: the attempt fails before
   * a byte goes out, as {@code request_invalid} naming the field, so a pool moves on.
   */
  @Test
  void anImageByUrlIsNotSentToAFamilyThatTakesOnlyInlineData() {
    Provider p = Fixtures.provider("moonshot", up.baseUrl("moonshot"), Protocol.OPENAI_CHAT);
    ChatRequest r =
        ChatRequest.builder("moonshot/m")
            .message(
                ChatMessage.user(
                    ContentPart.text("What is this?"),
                    ContentPart.imageUrl("https://example.com/a.png")))
            .build();
    int before = up.received().size();

    AttemptOutcome out = Fixtures.send(p, "m", r, null);

    assertThat(out).isInstanceOf(AttemptOutcome.Failed.class);
    ProviderFailure f = ((AttemptOutcome.Failed) out).failure();
    assertThat(f.category()).isEqualTo(FailureCategory.REQUEST_INVALID);
    assertThat(f.reachedModel()).isEqualTo(ReachedModel.NO);
    assertThat(f.message()).startsWith("messages[0].content[1].image_url.url: an image by URL");
    assertThat(up.received()).hasSize(before);
  }

  /**
   * Mistral takes a participant {@code name} only on a tool result (422 {@code extra_forbidden} on
   * any other message): it is left out of the others and named, and a tool result keeps its own.
   */
  @Test
  void mistralGetsAParticipantNameOnlyOnAToolResult() {
    Provider p = Fixtures.provider("mistral", up.baseUrl("mistral"), Protocol.OPENAI_CHAT);
    ChatRequest r =
        ChatRequest.builder("mistral/m")
            .message(ChatMessage.system("Be brief.").toBuilder().name("ops").build())
            .message(ChatMessage.user("Weather in Oslo?").toBuilder().name("alice").build())
            .message(
                ChatMessage.assistant(
                        null, List.of(new ToolCall("a1B2c3D4e", "weather", "{\"q\":\"Oslo\"}")))
                    .toBuilder()
                    .name("agent")
                    .build())
            .message(
                ChatMessage.tool("a1B2c3D4e", "{\"temp\":21}").toBuilder().name("weather").build())
            .metadata(Map.of("team", "travel"))
            .build();
    int before = up.received().size();

    AttemptOutcome out = Fixtures.send(p, "m", r, null);

    StrictUpstream.Received sent = up.received().get(before);
    assertThat(sent.refusal()).as("mistral's refusal").isNull();
    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    JsonNode messages = sent.body().path("messages");
    for (int i = 0; i < 3; i++) {
      assertThat(messages.get(i).has("name")).as("messages[%d].name", i).isFalse();
    }
    assertThat(messages.get(3).path("name").asText()).isEqualTo("weather");
    assertThat(sent.body().at("/metadata/team").asText()).isEqualTo("travel");
    assertThat(((AttemptOutcome.Succeeded) out).adapted())
        .containsExactly(
            "messages[0].name: left out (mistral refuses it)",
            "messages[1].name: left out (mistral refuses it)",
            "messages[2].name: left out (mistral refuses it)");
  }

  /**
   * A final assistant message (a caller's prefill) reaches Mistral marked {@code "prefix": true},
   * without which Mistral refuses it; Mistral's answer repeats the prefill before its continuation,
   * and the caller gets only the continuation, whole and streamed, as from every other family.
   */
  @ParameterizedTest(name = "streamed: {0}")
  @ValueSource(booleans = {false, true})
  void aPrefillReachesMistralAsAPrefixAndTheCallerGetsOnlyTheContinuation(boolean stream) {
    Provider p = Fixtures.provider("mistral", up.baseUrl("mistral"), Protocol.OPENAI_CHAT);
    ChatRequest r =
        ChatRequest.builder("mistral/m")
            .user("Name the capital of France.")
            .message(ChatMessage.assistant("The capital of France is "))
            .stream(stream)
            .build();
    Fixtures.Recorder recorder = new Fixtures.Recorder();
    int before = up.received().size();

    AttemptOutcome out = Fixtures.send(p, "m", r, stream ? recorder : null);

    StrictUpstream.Received sent = up.received().get(before);
    assertThat(sent.refusal()).as("mistral's refusal").isNull();
    assertThat(sent.body().at("/messages/1/prefix").asBoolean()).isTrue();
    assertThat(sent.body().at("/messages/1/content").asText())
        .isEqualTo("The capital of France is ");
    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    AttemptOutcome.Succeeded ok = (AttemptOutcome.Succeeded) out;
    assertThat(ok.response().content()).isEqualTo("done");
    if (stream) {
      assertThat(String.join("", recorder.deltas)).isEqualTo("done");
    }
    assertThat(ok.adapted())
        .containsExactly(
            "messages[1].prefix: true added (mistral continues a final assistant message only when"
                + " it is marked as a prefix; the answer repeats it, and the caller gets the answer"
                + " without it)");
  }

  /**
   * A user message right after tool results (the user spoke before the model answered them) reaches
   * Mistral, which refuses that order ("Unexpected role 'user' after role 'tool'"), after an
   * assistant turn put between them and named; the results and the user's words are as sent.
   */
  @Test
  void aUserMessageRightAfterToolResultsReachesMistralAfterAnAssistantTurn() {
    Provider p = Fixtures.provider("mistral", up.baseUrl("mistral"), Protocol.OPENAI_CHAT);
    ChatRequest r =
        ChatRequest.builder("mistral/m")
            .system("Be brief.")
            .user("Weather in Oslo?")
            .message(
                ChatMessage.assistant(
                    null, List.of(new ToolCall("a1B2c3D4e", "weather", "{\"q\":\"Oslo\"}"))))
            .message(ChatMessage.tool("a1B2c3D4e", "{\"temp\":21}"))
            .user("Stop there: only tomorrow, please.")
            .build();
    int before = up.received().size();

    AttemptOutcome out = Fixtures.send(p, "m", r, null);

    StrictUpstream.Received sent = up.received().get(before);
    assertThat(sent.refusal()).as("mistral's refusal").isNull();
    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    JsonNode messages = sent.body().path("messages");
    List<String> roles = new ArrayList<>();
    messages.forEach(m -> roles.add(m.path("role").asText()));
    assertThat(roles).containsExactly("system", "user", "assistant", "tool", "assistant", "user");
    assertThat(messages.get(4).path("content").asText()).isEqualTo("OK");
    assertThat(messages.get(3).path("content").asText()).isEqualTo("{\"temp\":21}");
    assertThat(messages.get(5).path("content").asText())
        .isEqualTo("Stop there: only tomorrow, please.");
    assertThat(((AttemptOutcome.Succeeded) out).adapted())
        .containsExactly(
            "messages[4]: assistant turn \"OK\" put before it (mistral takes no user message right"
                + " after a tool result)");
  }

  /**
   * Mistral has no end-user id field and refuses a request carrying {@code user} with 422 {@code
   * extra_forbidden}. The id serves the provider's abuse monitoring and changes no answer, so the
   * request goes out without it and the trace names what was left out.
   */
  @Test
  void aUserFieldIsLeftOutForMistralAndNamed() {
    Provider p = Fixtures.provider("mistral", up.baseUrl("mistral"), Protocol.OPENAI_CHAT);
    ChatRequest r = ChatRequest.builder("mistral/m").user("Hi").endUser("user-42").build();
    int before = up.received().size();

    AttemptOutcome out = Fixtures.send(p, "m", r, null);

    StrictUpstream.Received sent = up.received().get(before);
    assertThat(sent.refusal()).as("mistral's refusal").isNull();
    assertThat(sent.body().has("user")).isFalse();
    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    assertThat(((AttemptOutcome.Succeeded) out).adapted())
        .containsExactly("user: left out (mistral refuses it)");
  }

  /**
   * The one repair (docs/design.md §13): a provider of no known family (its catalog entry declares
   * none) is really a strict OpenAI, Mistral or Groq upstream. A history sent as the caller wrote
   * it is refused with the family's own error; the engine sends the same route the history once
   * more in its strictest form, which the upstream accepts; the caller gets its own tool-call ids,
   * and the trace names the repair.
   */
  @ParameterizedTest(name = "a generic route in front of {0}")
  @ValueSource(strings = {"openai", "mistral", "groq"})
  void aRefusedShapeIsRepairedOnceAndAccepted(String family) {
    Provider p = Fixtures.provider("acme", up.baseUrl(family), Protocol.OPENAI_CHAT);
    Catalog catalog =
        Catalog.builder()
            .provider(p)
            .route(
                Route.builder("acme", "m")
                    .tier(Tier.FREE)
                    .contextWindow(128_000)
                    .capabilities(Capability.TOOLS, Capability.REASONING)
                    .build())
            .build();
    TaskOrchestrator o =
        TaskOrchestrator.builder()
            .catalog(catalog)
            .providers(Fixtures.clients())
            .credentials(Credentials.of(Map.of(Fixtures.KEY_ENV, Fixtures.SECRET)))
            .build();
    int repaired = 0;
    for (Corpus.Conversation c : Corpus.all()) {
      int before = up.received().size();

      ChatResult r = o.chat(c.request().toBuilder().model("acme/m").build());

      List<StrictUpstream.Received> got = up.received().subList(before, up.received().size());
      assertThat(r.response().toolCalls())
          .as(c.name())
          .extracting(ToolCall::id)
          .containsExactly(c.lastCallId());
      List<Decision> decisions =
          r.trace().attempts().stream().map(AttemptRecord::decision).toList();
      if (got.get(0).refusal() == null) {
        assertThat(decisions).as(c.name()).containsExactly(Decision.SUCCESS);
        continue;
      }
      repaired++;
      assertThat(got).as(c.name()).hasSize(2);
      assertThat(got.get(1).refusal()).as(c.name() + ": the repaired history").isNull();
      assertThat(decisions)
          .as(c.name())
          .containsExactly(Decision.REPAIR_SAME_ROUTE, Decision.SUCCESS);
      assertThat(r.trace().attempts().get(0).failure().repairable()).isTrue();
      assertThat(r.trace().adapted().get(0)).startsWith("history: sent in its strictest form");
    }
    assertThat(repaired).as("histories the upstream refused at first").isPositive();
  }

  /** What the caller sent and the route did not receive is named in {@code adapted}. */
  private static void nothingSilentlyDropped(
      Corpus.Conversation c, String family, JsonNode wire, List<String> adapted) {
    List<ChatMessage> in = c.request().messages();
    int reasoningIn = 0;
    int signaturesIn = 0;
    int thinkingIn = 0;
    int systemsIn = 0;
    List<String> idsIn = new ArrayList<>();
    for (int i = 0; i < in.size(); i++) {
      ChatMessage m = in.get(i);
      reasoningIn += m.reasoningContent() != null ? 1 : 0;
      thinkingIn += m.thinking().size();
      systemsIn += m.role() == Role.SYSTEM ? 1 : 0;
      for (ToolCall t : m.toolCalls()) {
        signaturesIn += t.thoughtSignature() != null ? 1 : 0;
        idsIn.add(t.id());
      }
      if (family.equals("anthropic") && m.reasoningContent() != null && m.thinking().isEmpty()) {
        assertThat(adapted).anyMatch(a -> a.startsWith(at(m, in) + ".reasoning_content"));
      }
    }
    int reasoningWire = 0;
    int signaturesWire = 0;
    int thinkingWire = 0;
    int systemsWire = 0;
    List<String> idsWire = new ArrayList<>();
    for (JsonNode m : wire.path("messages")) {
      reasoningWire += m.has("reasoning_content") ? 1 : 0;
      systemsWire += m.path("role").asText().equals("system") ? 1 : 0;
      for (JsonNode t : m.path("tool_calls")) {
        signaturesWire += t.has("extra_content") ? 1 : 0;
        idsWire.add(t.path("id").asText());
      }
      for (JsonNode b : m.path("content")) {
        thinkingWire += b.path("type").asText().equals("thinking") ? 1 : 0;
        if (b.path("type").asText().equals("tool_use")) {
          idsWire.add(b.path("id").asText());
        }
      }
    }
    if (!family.equals("anthropic")) {
      int added =
          count(adapted, ".reasoning_content: empty one added")
              + count(adapted, ".reasoning_content: set from");
      assertThat(reasoningIn - (reasoningWire - added))
          .as("reasoning left out, named")
          .isEqualTo(count(adapted, ".reasoning_content: left out"));
      assertThat(systemsIn - systemsWire)
          .as("system messages moved, named")
          .isEqualTo(count(adapted, "system message moved"));
    }
    int placeholders = count(adapted, "thought signature skip_thought_signature_validator");
    if (family.equals("gemini")) {
      assertThat(signaturesWire).isEqualTo(signaturesIn + placeholders);
    } else {
      assertThat(signaturesWire).isZero();
      assertThat(signaturesIn > 0).isEqualTo(count(adapted, "thought signatures left out") > 0);
    }
    int blocksLeftOut = 0;
    for (String a : adapted) {
      if (a.contains(".thinking: ")) {
        blocksLeftOut += Integer.parseInt(a.substring(a.indexOf(".thinking: ") + 11).split(" ")[0]);
      }
    }
    assertThat(thinkingIn - thinkingWire)
        .as("thinking blocks left out, named")
        .isEqualTo(blocksLeftOut);
    // Each use of an id counts: a call that repeats an earlier call's id may be the one replaced.
    List<String> unmatched = new ArrayList<>(idsWire);
    long replaced = idsIn.stream().filter(id -> !unmatched.remove(id)).count();
    assertThat(replaced).as("ids replaced, named").isEqualTo(count(adapted, ".id: replaced"));
  }

  private static String at(ChatMessage m, List<ChatMessage> in) {
    return "messages[" + in.indexOf(m) + "]";
  }

  private static int count(List<String> adapted, String part) {
    int n = 0;
    for (String a : adapted) {
      n += a.contains(part) ? 1 : 0;
    }
    return n;
  }
}

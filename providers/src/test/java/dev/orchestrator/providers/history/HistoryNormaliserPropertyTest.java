package dev.orchestrator.providers.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.providers.internal.anthropic.AnthropicWire;
import dev.orchestrator.providers.internal.history.HistoryNormaliser;
import dev.orchestrator.providers.internal.openai.OpenAiWire;
import dev.orchestrator.providers.internal.wire.WireProtocol;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A history valid for the family that produced it, normalised for any family — in the family's form
 * or in the strictest form of the one repair — passes that family's strict validator, and every
 * tool result stays paired with its call (docs/design.md §13); so does the same history ending in
 * an assistant prefill (a caller's, or the partial answer of a cut stream the engine asks the route
 * to continue), whose text reaches the route unchanged but for Anthropic's trailing whitespace.
 */
class HistoryNormaliserPropertyTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Property(tries = 400)
  void aHistoryFromOneFamilyIsValidForAnother(
      @ForAll Corpus.Origin origin,
      @ForAll Corpus.Shape shape,
      @ForAll long seed,
      @ForAll @From("families") String target,
      @ForAll boolean strict,
      @ForAll boolean prefill)
      throws Exception {
    ChatRequest request = Corpus.history(origin, shape, seed).request();
    if (prefill) {
      request = request.toBuilder().message(ChatMessage.assistant(PREFILL)).build();
    }
    WireProtocol wire = wire(target);
    Route route = Route.builder(target, "m").build();
    HistoryNormaliser.Normalised h = wire.history(request, null, route, strict);
    JsonNode body = JSON.readTree(wire.encode(h.applyTo(request), route));

    assertThat(StrictFamilies.check(target, body)).isNull();

    List<String> sentCalls = new ArrayList<>();
    List<String> sentResults = new ArrayList<>();
    for (ChatMessage m : h.messages()) {
      m.toolCalls().forEach(c -> sentCalls.add(h.idsBack().getOrDefault(c.id(), c.id())));
      if (m.role() == Role.TOOL) {
        sentResults.add(h.idsBack().getOrDefault(m.toolCallId(), m.toolCallId()));
      }
    }
    List<String> calls = new ArrayList<>();
    List<String> results = new ArrayList<>();
    for (ChatMessage m : request.messages()) {
      m.toolCalls().forEach(c -> calls.add(c.id()));
      if (m.role() == Role.TOOL) {
        results.add(m.toolCallId());
      }
    }
    assertThat(sentCalls).isEqualTo(calls);
    assertThat(sentResults).isEqualTo(results);
    if (prefill) {
      ChatMessage last = h.messages().get(h.messages().size() - 1);
      assertThat(last.role()).isEqualTo(Role.ASSISTANT);
      assertThat(last.content())
          .isEqualTo(target.equals("anthropic") ? PREFILL.stripTrailing() : PREFILL);
      assertThat(h.echoedPrefix()).isEqualTo(target.equals("mistral") ? PREFILL : null);
    }
  }

  private static final String PREFILL = "Here is the plan for the day: ";

  @Provide
  Arbitrary<String> families() {
    return Arbitraries.of(StrictFamilies.FAMILIES);
  }

  /**
   * The stand-ins are strict: sent as a generic OpenAI-compatible route receives it (the caller's
   * history, ids capped at 40 characters), the corpus is refused in over a quarter of the cells.
   */
  @Example
  void unadaptedHistoriesAreRefused() throws Exception {
    int cells = 0;
    int refused = 0;
    for (Corpus.Conversation c : Corpus.all()) {
      ChatRequest generic =
          OpenAiWire.INSTANCE.history(c.request(), null, vllm(), false).applyTo(c.request());
      JsonNode raw = JSON.readTree(OpenAiWire.INSTANCE.encode(generic, vllm()));
      for (String family : StrictFamilies.FAMILIES) {
        if (family.equals("anthropic")) {
          continue;
        }
        cells++;
        refused += StrictFamilies.check(family, raw) != null ? 1 : 0;
      }
    }
    assertThat(refused).isGreaterThan(cells / 4);
  }

  private static Route vllm() {
    return Route.builder("vllm", "m").build();
  }

  private static WireProtocol wire(String family) {
    return family.equals("anthropic") ? AnthropicWire.INSTANCE : OpenAiWire.INSTANCE;
  }
}

package dev.orchestrator.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.NativeRequest;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The trace names what the serving route did not receive of a request whose front could not
 * translate everything (docs/design.md §12): nothing when the route speaks the caller's own
 * protocol, the front's list otherwise.
 */
class DroppedInTraceTest {
  private static final List<String> DROPPED = List.of("top_k", "system[0].cache_control");

  @ParameterizedTest(name = "{0} route, native body: {1} -> dropped named: {2}")
  @CsvSource({
    "ANTHROPIC_MESSAGES, true,  false",
    "OPENAI_CHAT,        true,  true",
    "OPENAI_CHAT,        false, true",
    "ANTHROPIC_MESSAGES, false, true"
  })
  void theTraceNamesWhatTheServingRouteDidNotReceive(
      Protocol routeProtocol, boolean nativeBody, boolean named) {
    TaskOrchestrator o = orchestrator(routeProtocol);
    ChatMessage hi = ChatMessage.user("hi");
    ChatRequest.Builder b = ChatRequest.builder("p/m").message(hi).dropped(DROPPED);
    if (nativeBody) {
      b.nativeRequest(
          new NativeRequest(Protocol.ANTHROPIC_MESSAGES, "{}", Map.of(), List.of(hi), List.of()));
    }

    ChatResult r = o.chat(b.build());

    assertThat(r.trace().dropped()).isEqualTo(named ? DROPPED : List.of());
  }

  /**
   * A field only one protocol's routes honour (a Responses request's {@code include} of encrypted
   * reasoning: an Anthropic route's signed thinking) is named, after the front's list, when a route
   * of another protocol serves — and not when one of its own does.
   */
  @ParameterizedTest(name = "{0} route -> include named: {1}")
  @CsvSource({"ANTHROPIC_MESSAGES, false", "OPENAI_CHAT, true"})
  void theTraceNamesAFieldOnlyAnotherProtocolHonours(Protocol routeProtocol, boolean named) {
    TaskOrchestrator o = orchestrator(routeProtocol);
    ChatRequest request =
        ChatRequest.builder("p/m")
            .message(ChatMessage.user("hi"))
            .dropped(DROPPED)
            .onlyFrom("include", Protocol.ANTHROPIC_MESSAGES)
            .build();

    ChatResult r = o.chat(request);

    List<String> expected = new ArrayList<>(DROPPED);
    if (named) {
      expected.add("include");
    }
    assertThat(r.trace().dropped()).isEqualTo(expected);
    assertThat(request.toBuilder().build().droppedFor(routeProtocol)).isEqualTo(expected);
  }

  /** An orchestrator with one free route, {@code p/m}, of {@code protocol}, that answers "hi". */
  private static TaskOrchestrator orchestrator(Protocol protocol) {
    return new ScriptedClient(new FakeTime())
        .script("p/m", ScriptedClient.ok("hi"))
        .orchestrator()
        .catalog(
            Catalog.builder()
                .provider(Provider.of("p", "http://127.0.0.1:9/v1", protocol, List.of()))
                .route(Route.builder("p", "m").tier(Tier.FREE).contextWindow(8000).build())
                .build())
        .build();
  }
}

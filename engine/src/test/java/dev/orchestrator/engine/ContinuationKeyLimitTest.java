package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.priced;
import static dev.orchestrator.engine.testing.ScriptedClient.cutAfter;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.DeclaredLimits;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A stream continuation is a request sent to an upstream like any other (docs/design.md §5, ADR
 * 0033): it goes out only with a key that has something left of its declared limits, and counts
 * against them.
 */
class ContinuationKeyLimitTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  /** Two prefill-capable routes in a pool; a's key declares {@code perDay} requests a day. */
  private static Catalog catalog(int perDay) {
    Catalog plain =
        Catalogs.of(
                priced("a", "m", 8000, Capability.PREFILL),
                priced("b", "m", 8000, Capability.PREFILL))
            .toBuilder()
            .pool(new Pool("ab", PoolKind.VIRTUAL, List.of("a/m", "b/m")))
            .build();
    Provider a = plain.provider("a").orElseThrow();
    return plain.toBuilder()
        .provider(a.withKeys(List.of(), new DeclaredLimits(perDay, null, null)))
        .build();
  }

  private TaskOrchestrator orchestrator(int perDay) {
    return client
        .orchestrator()
        .catalog(catalog(perDay))
        .policy(OrchestratorPolicy.builder().seed(11L).streamContinuation(true).build())
        .clock(time.clock(Instant.parse("2025-06-01T12:00:00Z")))
        .build();
  }

  private static ChatRequest request() {
    return ChatRequest.builder("ab").user("hello").build();
  }

  @Test
  void aContinuationIsNotSentWithAKeyAtItsDailyLimitAndMovesToTheNextRoute() {
    // The cut attempt took a's one request of the day: the continuation goes to b, not to a.
    client.script("a/m", cutAfter("Hello "), ok("never sent"));
    client.script("b/m", ok("world"));

    ChatResult r = orchestrator(1).stream(request(), d -> {});

    assertThat(client.calls()).containsExactly("a/m", "b/m");
    assertThat(r.route()).isEqualTo("b/m");
    assertThat(r.response().content()).isEqualTo("Hello world");
    assertThat(r.trace().limited()).singleElement().asString().startsWith("a/m: key ");
  }

  @Test
  void aContinuationCountsAgainstTheKeysLimit() {
    // a's two requests of the day: the cut attempt and its continuation. The next request finds
    // a's key spent and is served by b.
    client.script("a/m", cutAfter("Hello "), ok("world"), ok("never sent"));
    client.script("b/m", ok("from b"));
    TaskOrchestrator o = orchestrator(2);

    assertThat(o.stream(request(), d -> {}).response().content()).isEqualTo("Hello world");
    ChatResult next = o.stream(request(), d -> {});

    assertThat(client.calls()).containsExactly("a/m", "a/m", "b/m");
    assertThat(next.route()).isEqualTo("b/m");
    assertThat(next.trace().limited()).singleElement().asString().startsWith("a/m: key ");
  }

  @Test
  void withNoOtherRouteACutStreamWithASpentKeyEndsAsTheCutNotAnotherSend() {
    client.script("a/m", cutAfter("Hello "), ok("never sent"));
    TaskOrchestrator o = orchestrator(1);

    assertThatThrownBy(() -> o.stream(ChatRequest.builder("a/m").user("hello").build(), d -> {}))
        .isInstanceOfSatisfying(
            OrchestratorException.class,
            e -> assertThat(e.type()).isEqualTo(OrchestratorException.Type.STREAM_INTERRUPTED));
    assertThat(client.calls()).containsExactly("a/m");
  }
}

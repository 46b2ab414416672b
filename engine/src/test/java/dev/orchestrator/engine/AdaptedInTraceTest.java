package dev.orchestrator.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The trace names what the serving route's client adapted of the history (docs/design.md §13): the
 * list the answering attempt reported, not one of a route that failed before it.
 */
class AdaptedInTraceTest {
  @Test
  void theTraceHasTheServingRoutesAdaptations() {
    FakeTime time = new FakeTime();
    ScriptedClient scripted =
        new ScriptedClient(time)
            .script("a/m", ScriptedClient.fail(500, FailureCategory.SERVER_ERROR, false))
            .script("b/m", ScriptedClient.ok("hi"));
    ProviderClient client =
        call -> {
          AttemptOutcome out = scripted.send(call);
          return out instanceof AttemptOutcome.Succeeded ok
              ? new AttemptOutcome.Succeeded(
                  ok.response(), 0, List.of("messages[0]: adapted for " + call.route().id()))
              : out;
        };
    Catalog.Builder catalog = Catalog.builder();
    for (String p : List.of("a", "b")) {
      catalog.provider(Provider.of(p, "http://127.0.0.1:9/v1", Protocol.OPENAI_CHAT, List.of()));
      catalog.route(Route.builder(p, "m").tier(Tier.FREE).contextWindow(8000).build());
    }
    catalog.pool(new Pool("both", PoolKind.VIRTUAL, List.of("a/m", "b/m")));
    TaskOrchestrator o = ScriptedClient.orchestrator(client, time).catalog(catalog.build()).build();

    ChatResult r = o.chat(ChatRequest.builder("both").user("hi").build());

    assertThat(r.route()).isEqualTo("b/m");
    assertThat(r.trace().adapted()).containsExactly("messages[0]: adapted for b/m");
  }
}

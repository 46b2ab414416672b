package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.Decision;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.history.Corpus;
import dev.orchestrator.providers.history.StrictUpstream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one repair (docs/design.md §13): a provider of no known family (its catalog entry declares
 * none) is really a strict OpenAI, Mistral or Groq upstream. The history sent as the caller wrote
 * it is refused with the family's own error; the engine sends the same route the history once more
 * in its strictest form, which the upstream accepts; the caller gets its own tool-call ids, and the
 * trace names the repair.
 */
class HistoryRepairIT {
  private static StrictUpstream up;

  @BeforeAll
  static void start() {
    up = StrictUpstream.start();
  }

  @AfterAll
  static void stop() {
    up.close();
  }

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
}

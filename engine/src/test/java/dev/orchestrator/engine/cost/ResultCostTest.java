package dev.orchestrator.engine.cost;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.Catalogs.route;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The cost every result and trace carries (the scripted success reports 3 + 5 tokens). */
class ResultCostTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);
  private final Catalog catalog =
      Catalogs.of(
              route("a", "m", "10", "20", 8000),
              route("b", "m", "1", "2", 8000),
              route("c", "m", null, "2", 8000),
              free("f", "m", 8000))
          .toBuilder()
          .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m", "b/m")))
          .build();
  private final TaskOrchestrator orchestrator = client.orchestrator().catalog(catalog).build();

  private ChatResult chat(String model) {
    return orchestrator.chat(ChatRequest.builder(model).user("hi").build());
  }

  @Test
  void pricedRouteCostsUsageTimesPrices() {
    client.script("b/m", ok("hello"));
    ChatResult r = chat("b/m");
    assertThat(r.costUsd()).isEqualByComparingTo("0.000013");
    assertThat(r.trace().costUsd()).isEqualTo(r.costUsd());
  }

  @Test
  void failedAttemptsCostNothingOnlyTheServingRouteIsPriced() {
    client.script("a/m", fail(500, FailureCategory.SERVER_ERROR, true));
    client.script("b/m", ok("hello"));
    ChatResult r = chat("v");
    assertThat(r.route()).isEqualTo("b/m");
    assertThat(r.trace().attempts()).hasSizeGreaterThan(1);
    assertThat(r.costUsd()).isEqualByComparingTo("0.000013");
  }

  @Test
  void freeRouteCostsZero() {
    client.script("f/m", ok("hello"));
    assertThat(chat("f/m").costUsd()).isEqualByComparingTo("0");
  }

  @Test
  void unknownPriceCostsNull() {
    client.script("c/m", ok("hello"));
    assertThat(chat("c/m").costUsd()).isNull();
  }

  @Test
  void failedRequestCarriesNoCost() {
    client.script("b/m", fail(400, FailureCategory.REQUEST_INVALID, false));
    try {
      chat("b/m");
    } catch (OrchestratorException e) {
      assertThat(e.trace().costUsd()).isNull();
      return;
    }
    throw new AssertionError("expected a failure");
  }
}

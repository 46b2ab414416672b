package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import dev.orchestrator.serve.budget.BudgetGate;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A client whose budget is spent keeps its free routes (docs/reference.md §5, ADR 0017): a free
 * route that only short-term health holds back (a brief cool-down, an open breaker) is still one,
 * which the engine waits for or sends in panic mode — the request is not refused as if none were.
 */
class BudgetGateTest {
  private final FakeTime time = new FakeTime();
  private final Clock clock = time.clock(Instant.parse("2026-12-01T12:00:00Z"));

  @Test
  void aSpentBudgetKeepsAFreeRouteThatOnlyCoolsBriefly() {
    Catalog c =
        Catalogs.virtualPool("v", Catalogs.free("f", "m", 8000), Catalogs.priced("p", "m", 8000));
    TaskOrchestrator o =
        new ScriptedClient(time)
            .orchestrator()
            .catalog(c)
            .policy(OrchestratorPolicy.defaults())
            .clock(clock)
            .build();
    o.health().coolDown("f/m", Duration.ofSeconds(1));
    LocalSpendStore spend = LocalSpendStore.inMemory();
    ClientToken client =
        new ClientToken("team-a", ClientToken.sha256("t"), new BigDecimal("0.01"), null, List.of());
    spend.add("team-a", clock.instant(), new BigDecimal("0.02"));
    BudgetGate gate = new BudgetGate(spend, clock);

    ChatRequest admitted = gate.admit(client, ChatRequest.builder("v").user("hi").build(), o);

    assertThat(admitted.maxPricePerMtok()).isEqualByComparingTo("0");
    assertThat(o.chat(admitted).route()).isEqualTo("f/m");
  }
}

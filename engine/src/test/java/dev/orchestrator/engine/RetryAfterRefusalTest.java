package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A same-route retry is not sent to a route another request found refused (held for an account
 * state) while this one's attempt ran: account states always exclude (docs/design.md §5).
 */
class RetryAfterRefusalTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  private static final Catalog PAIR =
      Catalogs.virtualPool("v", free("a", "m", 8000), free("b", "m", 8000));

  @Test
  void aRouteRefusedDuringItsFirstAttemptIsNotRetried() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true), ok("a after its 401"));
    client.script("b/m", ok("b answers"));
    TaskOrchestrator[] o = new TaskOrchestrator[1];
    AtomicBoolean done = new AtomicBoolean();
    ProviderClient concurrent =
        call -> {
          if (call.route().id().equals("a/m") && done.compareAndSet(false, true)) {
            o[0].health().accountState("a/m", Duration.ofMinutes(5));
          }
          return client.send(call);
        };
    o[0] =
        ScriptedClient.orchestrator(concurrent, time)
            .catalog(PAIR)
            .policy(OrchestratorPolicy.builder().seed(3L).sameRouteRetries(1).build())
            .build();

    ChatResult r = o[0].chat(ChatRequest.builder("v").user("hello").build());

    assertThat(client.calls()).containsExactly("a/m", "b/m");
    assertThat(r.route()).isEqualTo("b/m");
  }
}

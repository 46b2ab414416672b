package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static dev.orchestrator.engine.testing.ScriptedClient.silent;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The second pass over silent routes (ADR 0008) sends a route once more only as any attempt is
 * sent: a route held for an account state since this request met it with silence (a concurrent
 * request's {@code 401}) is not sent again, and one cooled since is not sent through its cool-down
 * (docs/design.md §5: account states still exclude; a cool-down is waited for, never sent through).
 */
class SecondPassHealthTest {
  private static final Duration SILENCE = Duration.ofMillis(300);
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  private static final Catalog PAIR =
      Catalogs.virtualPool("v", free("a", "m", 8000), free("b", "m", 8000));

  /** While b's first attempt is in flight, {@code meanwhile} runs (what another request did). */
  private TaskOrchestrator orchestrator(Consumer<TaskOrchestrator> meanwhile) {
    TaskOrchestrator[] o = new TaskOrchestrator[1];
    AtomicBoolean done = new AtomicBoolean();
    ProviderClient concurrent =
        call -> {
          if (call.route().id().equals("b/m") && done.compareAndSet(false, true)) {
            meanwhile.accept(o[0]);
          }
          return client.send(call);
        };
    o[0] =
        ScriptedClient.orchestrator(concurrent, time)
            .catalog(PAIR)
            .policy(
                OrchestratorPolicy.builder()
                    .seed(5L)
                    .deadline(Duration.ofSeconds(2))
                    .attemptTimeout(Duration.ofMillis(600))
                    .build())
            .build();
    return o[0];
  }

  private static ChatRequest request() {
    return ChatRequest.builder("v").user("hello").build();
  }

  @Test
  void aSilentRouteHeldForAnAccountStateSinceIsNotSentOnTheSecondPass() {
    client.script("a/m", silent(SILENCE), ok("a after its 401"));
    client.script("b/m", silent(SILENCE), ok("b answers"));
    TaskOrchestrator o = orchestrator(x -> x.health().accountState("a/m", Duration.ofMinutes(5)));

    ChatResult r = o.chat(request());

    assertThat(client.calls()).containsExactly("a/m", "b/m", "b/m");
    assertThat(r.route()).isEqualTo("b/m");
  }

  @Test
  void aSilentRouteCooledSinceIsNotSentThroughItsCoolDownOnTheSecondPass() {
    client.script("a/m", silent(SILENCE), ok("a through its cool-down"));
    client.script("b/m", silent(SILENCE), ok("b answers"));
    TaskOrchestrator o = orchestrator(x -> x.health().coolDown("a/m", Duration.ofMinutes(5)));

    ChatResult r = o.chat(request());

    assertThat(client.calls()).containsExactly("a/m", "b/m", "b/m");
    assertThat(r.route()).isEqualTo("b/m");
  }
}

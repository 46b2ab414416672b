package dev.orchestrator.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A foreign exit reaches {@code onFailure} as an outcome, and the caller still gets it as is. */
class ListenerExitTest {
  private final List<OrchestratorException> failures = new ArrayList<>();

  private TaskOrchestrator orchestrator(Credentials credentials, Sleeper sleeper) {
    FakeTime time = new FakeTime();
    ScriptedClient client = new ScriptedClient(time);
    client.script("a/m", ScriptedClient.fail(503, FailureCategory.SERVER_ERROR, true));
    return TaskOrchestrator.builder()
        .catalog(Catalogs.of(Catalogs.priced("a", "m", 1000)))
        .providers(ProviderClients.single(client))
        .credentials(credentials)
        .ticker(time)
        .sleeper(sleeper)
        .listener(
            new OrchestratorListener() {
              @Override
              public void onFailure(OrchestratorException error) {
                failures.add(error);
              }
            })
        .build();
  }

  @Test
  void aBugAfterPlanningReachesOnFailureAsAnInternalErrorAndIsRethrownUnchanged() {
    IllegalStateException bug = new IllegalStateException("a broken sleeper");
    TaskOrchestrator o =
        orchestrator(
            Credentials.constant("k"),
            (nanos, cancel) -> {
              throw bug;
            });

    assertThatThrownBy(() -> o.chat(ChatRequest.builder("a/m").user("hi").build())).isSameAs(bug);

    assertThat(failures).hasSize(1);
    OrchestratorException seen = failures.get(0);
    assertThat(seen.type()).isEqualTo(OrchestratorException.Type.INTERNAL_ERROR);
    assertThat(seen.getCause()).isSameAs(bug);
    assertThat(seen.getMessage()).isEqualTo("a broken sleeper");
    assertThat(seen.trace().plan().model()).isEqualTo("a/m");
    assertThat(seen.trace().attempts()).hasSize(1);
  }

  @Test
  void aBugWhilePlanningReachesOnFailureWithNoPlan() {
    IllegalArgumentException bug = new IllegalArgumentException("a broken key store");
    Credentials broken =
        variable -> {
          throw bug;
        };
    TaskOrchestrator o = orchestrator(broken, (nanos, cancel) -> {});

    assertThatThrownBy(() -> o.chat(ChatRequest.builder("a/m").user("hi").build())).isSameAs(bug);

    assertThat(failures)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.type()).isEqualTo(OrchestratorException.Type.INTERNAL_ERROR);
              assertThat(e.getCause()).isSameAs(bug);
              assertThat(e.trace().plan()).isNull();
            });
  }
}

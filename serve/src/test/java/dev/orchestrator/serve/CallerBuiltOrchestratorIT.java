package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.OrchestratorListener;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code OrchestratorServer.builder().orchestrator(o)}: the server serves with the orchestrator the
 * caller built — its clients unwrapped, its listeners called — and still names the route speaking.
 */
class CallerBuiltOrchestratorIT {
  private final List<String> starts = new CopyOnWriteArrayList<>();

  private TaskOrchestrator orchestrator(ScriptedUpstream upstream) {
    Credentials creds = Credentials.constant(ServeFixture.SIM_KEY);
    return TaskOrchestrator.builder()
        .catalog(ServeFixture.catalog(upstream))
        .providers(HttpProviderClients.builder().credentials(creds).build())
        .credentials(creds)
        .policy(ServeFixture.policy().build())
        .listener(
            new OrchestratorListener() {
              @Override
              public void onAttemptStart(String model, String route, int attempt) {
                starts.add(model + " " + route + " #" + attempt);
              }
            })
        .build();
  }

  @Test
  void servesWithTheCallersOrchestratorAndNamesTheRouteSpeakingInTheStreamHeaders() {
    try (ServeFixture f =
        ServeFixture.withOrchestrator(
            Map.of(
                "alpha/small", List.of(Step.answer(401, "{\"error\":{\"message\":\"bad key\"}}")),
                "beta/large", List.of(Step.ok("from beta"))),
            this::orchestrator)) {
      ServeFixture.Sse s = f.stream("pair", "");

      assertThat(s.response.statusCode()).isEqualTo(200);
      assertThat(s.response.headers().firstValue("x-orchestrator-route")).hasValue("beta/large");
      assertThat(s.response.headers().firstValue("x-orchestrator-attempts")).hasValue("2");
      assertThat(s.text()).isEqualTo("from beta");
      assertThat(starts).containsExactly("pair alpha/small #1", "pair beta/large #2");
      assertThat(f.traces).hasSize(1);
    }
  }

  @Test
  void answersWholeRequestsThroughTheCallersOrchestrator() {
    try (ServeFixture f =
        ServeFixture.withOrchestrator(
            Map.of("alpha/small", List.of(Step.ok("hello"))), this::orchestrator)) {
      var r = f.chat("alpha/small");

      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.headers().firstValue("x-orchestrator-route")).hasValue("alpha/small");
      assertThat(r.headers().firstValue("x-orchestrator-attempts")).hasValue("1");
      assertThat(starts).containsExactly("alpha/small alpha/small #1");
    }
  }

  @Test
  void rejectsSettingsTheCallersOrchestratorAlreadyHas() {
    assertRejected(
        b -> b.policy(OrchestratorPolicy.defaults()),
        IllegalStateException.class,
        "orchestrator(…) excludes");
  }

  @Test
  void startingWithoutACatalogSaysWhichToSet() {
    assertThatThrownBy(() -> OrchestratorServer.builder().start())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "catalog: not set (expected: .catalog(Catalog), .liveCatalog(LiveCatalog) or"
                + " .orchestrator(TaskOrchestrator))");
  }

  @Test
  void rejectsStreamContinuationTheOrchestratorsPolicyDoesNotHave() {
    assertRejected(
        b -> b.options(ServerOptions.builder().port(0).streamContinuation(true).build()),
        IllegalArgumentException.class,
        "streamContinuation");
  }

  /** A server given the caller's orchestrator and {@code settings} refuses to start. */
  private void assertRejected(
      UnaryOperator<OrchestratorServer.Builder> settings,
      Class<? extends Exception> type,
      String message) {
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      TaskOrchestrator o = orchestrator(upstream);

      assertThatThrownBy(() -> settings.apply(OrchestratorServer.builder().orchestrator(o)).start())
          .isInstanceOf(type)
          .hasMessageContaining(message);
    }
  }
}

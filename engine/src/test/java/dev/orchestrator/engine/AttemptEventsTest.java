package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Attempt events (OkHttp's {@code EventListener} style): before every attempt is sent, the
 * orchestrator's listeners and the request's stream listener learn its route and the request's
 * attempt count, so a caller knows which route is speaking without wrapping the clients.
 */
class AttemptEventsTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);
  private final List<String> events = new ArrayList<>();

  private TaskOrchestrator orchestrator() {
    return TaskOrchestrator.builder()
        .catalog(Catalogs.of(Catalogs.free("a", "m", 8000), Catalogs.free("b", "m", 8000)))
        .providers(ProviderClients.single(client))
        .credentials(Credentials.constant("k"))
        .policy(OrchestratorPolicy.builder().seed(7L).build())
        .ticker(time)
        .sleeper(time)
        .listener(
            new OrchestratorListener() {
              @Override
              public void onAttemptStart(String model, String route, int attempt) {
                events.add("start " + route + " #" + attempt);
              }

              @Override
              public void onAttempt(String model, AttemptRecord a) {
                events.add("end " + a.route() + " " + a.decision().wireName());
              }
            })
        .build();
  }

  @Test
  void everyAttemptStartsWithItsRouteAndTheRequestsAttemptCount() {
    client.script(
        "a/m",
        fail(503, FailureCategory.SERVER_ERROR, true),
        fail(401, FailureCategory.AUTH_FAILED, false));
    client.script("b/m", ok("hello"));

    ChatResult r = orchestrator().chat(ChatRequest.builder("orchestrator/free").user("hi").build());

    assertThat(r.route()).isEqualTo("b/m");
    assertThat(events)
        .containsExactly(
            "start a/m #1",
            "end a/m retry_same_route",
            "start a/m #2",
            "end a/m failover",
            "start b/m #3",
            "end b/m success");
    assertThat(r.trace().attempts()).hasSize(3);
  }

  @Test
  void theStreamListenerLearnsWhichRouteSpeaksBeforeEachAttempt() {
    client.script("a/m", fail(401, FailureCategory.AUTH_FAILED, false));
    client.script("b/m", ok("hello"));
    List<String> seen = new ArrayList<>();
    StreamListener listener =
        new StreamListener() {
          @Override
          public void onAttemptStart(String route, int attempt) {
            seen.add(route + " #" + attempt);
          }

          @Override
          public void onContent(String delta) {
            seen.add(delta);
          }
        };

    ChatResult r =
        orchestrator().stream(
            ChatRequest.builder("orchestrator/free").user("hi").build(), listener);

    assertThat(seen).containsExactly("a/m #1", "b/m #2");
    assertThat(r.route()).isEqualTo("b/m");
  }
}

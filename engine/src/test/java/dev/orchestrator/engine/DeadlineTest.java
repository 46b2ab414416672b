package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A request that runs out of its deadline ends as {@code deadline_exceeded} with its trace (ADR
 * 0008), whichever way it ran out: an attempt whose time limits were what the deadline left, on one
 * candidate or many, whole or streamed — not as the route's own failure.
 */
class DeadlineTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  private static final Catalog CATALOG =
      Catalogs.virtualPool("v", free("a", "m", 8000), free("b", "m", 8000));

  private TaskOrchestrator orchestrator(Duration attemptTimeout) {
    return client
        .orchestrator()
        .catalog(CATALOG)
        .policy(
            OrchestratorPolicy.builder()
                .seed(5L)
                .deadline(Duration.ofSeconds(3))
                .attemptTimeout(attemptTimeout)
                .build())
        .build();
  }

  private static OrchestratorException failure(
      TaskOrchestrator o, String model, boolean stream, List<String> streamed) {
    ChatRequest r = ChatRequest.builder(model).user("hello").build();
    try {
      if (stream) {
        o.stream(r, streamed::add);
      } else {
        o.chat(r);
      }
    } catch (OrchestratorException e) {
      return e;
    }
    throw new AssertionError("expected a failure");
  }

  @ParameterizedTest(name = "{0}, stream={1}")
  @CsvSource(
      textBlock =
          """
          a/m,                false
          a/m,                true
          v,                  false
          v,                  true
          orchestrator/free,  false
          orchestrator/free,  true
          """)
  void anAttemptTheDeadlineCutShortEndsTheRequestAsDeadlineExceeded(String model, boolean stream) {
    // Upstreams that answer after 30 s; the request has 3 s and the attempt limit is 60 s.
    client.script("a/m", ScriptedClient.silent(Duration.ofSeconds(30)));
    client.script("b/m", ScriptedClient.silent(Duration.ofSeconds(30)));
    List<String> streamed = new ArrayList<>();

    // Before: backend_unavailable ("a/m failed: timeout …") on a single route, chat or stream,
    // and on a pool whose other candidate was left out; deadline_exceeded only when a failover
    // found the deadline gone.
    OrchestratorException e =
        failure(orchestrator(Duration.ofSeconds(60)), model, stream, streamed);

    assertThat(e.type()).isEqualTo(OrchestratorException.Type.DEADLINE_EXCEEDED);
    assertThat(e.getMessage()).isEqualTo("deadline of 3000 ms exceeded after 1 attempt(s)");
    assertThat(e.lastFailure().silent()).isTrue();
    assertThat(e.trace().attempts())
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.decision()).isEqualTo(Decision.STOP);
              assertThat(a.latency()).isEqualTo(Duration.ofSeconds(3));
            });
    assertThat(e.trace().elapsed()).isEqualTo(Duration.ofSeconds(3));
    assertThat(streamed).isEmpty();
  }

  @ParameterizedTest(name = "stream={0}")
  @CsvSource({"false", "true"})
  void aConnectTheDeadlineCutShortIsDeadlineExceededToo(boolean stream) {
    client.script(
        "a/m",
        ScriptedClient.failure(
                ProviderFailure.of(
                    FailureCategory.CONNECTION_FAILED,
                    true,
                    ReachedModel.NO,
                    TransportFault.CONNECT_TIMEOUT,
                    "connect timed out"))
            .taking(Duration.ofSeconds(30)));
    OrchestratorException e =
        failure(orchestrator(Duration.ofSeconds(60)), "a/m", stream, new ArrayList<>());
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.DEADLINE_EXCEEDED);
    assertThat(e.lastFailure().transportFault()).isEqualTo(TransportFault.CONNECT_TIMEOUT);
  }

  @ParameterizedTest(name = "stream={0}")
  @CsvSource({"false", "true"})
  void aRouteThatTimesOutOnItsOwnLimitWithinTheDeadlineIsTheRoutesFailure(boolean stream) {
    client.script("a/m", ScriptedClient.silent(Duration.ofSeconds(30)));
    OrchestratorException e =
        failure(orchestrator(Duration.ofSeconds(1)), "a/m", stream, new ArrayList<>());
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.BACKEND_UNAVAILABLE);
    assertThat(e.getMessage()).startsWith("a/m failed: timeout");
  }

  @ParameterizedTest(name = "stream={0}")
  @CsvSource({"false", "true"})
  void aPoolWhoseFirstCandidateTimesOutOnItsOwnLimitStillFailsOver(boolean stream) {
    client.script("a/m", ScriptedClient.silent(Duration.ofSeconds(30)));
    client.script("b/m", ScriptedClient.ok("b answers"));
    ChatRequest r = ChatRequest.builder("v").user("hello").build();
    TaskOrchestrator o = orchestrator(Duration.ofSeconds(1));
    ChatResult answer = stream ? o.stream(r, d -> {}) : o.chat(r);
    assertThat(answer.route()).isEqualTo("b/m");
    assertThat(client.calls()).containsExactly("a/m", "b/m");
  }
}

package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.failure;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static dev.orchestrator.engine.testing.ScriptedClient.silent;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The second pass over silent routes (docs/design.md §5, ADR 0008; issue #26, local overload): when
 * two or more routes met a request with silence and nothing else is left, each is tried once more
 * while the deadline and the retry budget allow; one silent route alone is not tried again. Fake
 * time: the soak's shape, 2 s deadline, 300 ms of silence per attempt.
 */
class SecondPassTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  private static final Duration SILENCE = Duration.ofMillis(300);

  private static final Catalog CATALOG =
      Catalogs.of(free("a", "m", 8000), free("b", "m", 8000), free("c", "m", 8000)).toBuilder()
          .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m", "b/m", "c/m")))
          .build();

  private static OrchestratorPolicy.Builder policy() {
    return OrchestratorPolicy.builder()
        .seed(5L)
        .deadline(Duration.ofSeconds(2))
        .attemptTimeout(Duration.ofMillis(600));
  }

  private TaskOrchestrator orchestrator(OrchestratorPolicy policy) {
    return client.orchestrator().catalog(CATALOG).policy(policy).build();
  }

  private static ChatRequest request(String model) {
    return ChatRequest.builder(model).user("hello").build();
  }

  @Test
  void everyRouteSilentOnceIsAnsweredOnTheSecondPassInTheOrderMet() {
    client.script("a/m", silent(SILENCE), ok("a answers"));
    client.script("b/m", silent(SILENCE), ok("b answers"));
    client.script("c/m", silent(SILENCE), ok("c answers"));

    ChatResult r = orchestrator(policy().build()).chat(request("v"));

    assertThat(r.response().content()).isEqualTo("a answers");
    assertThat(client.calls()).containsExactly("a/m", "b/m", "c/m", "a/m");
    assertThat(r.trace().attempts())
        .extracting(AttemptRecord::decision)
        .containsExactly(Decision.FAILOVER, Decision.FAILOVER, Decision.FAILOVER, Decision.SUCCESS);
  }

  @Test
  void onlyTheSilentRoutesAreTriedAgainNeverOneThatAnsweredWithAStatus() {
    client.script("a/m", silent(SILENCE), ok("a answers"));
    client.script("b/m", fail(503, FailureCategory.SERVER_ERROR, false), ok("never"));
    client.script("c/m", silent(SILENCE), ok("c answers"));

    ChatResult r = orchestrator(policy().build()).chat(request("v"));

    assertThat(r.response().content()).isEqualTo("a answers");
    assertThat(client.calls()).containsExactly("a/m", "b/m", "c/m", "a/m");
  }

  @Test
  void aSecondPassAttemptIsNotRetriedOnItsRoute() {
    client.script("a/m", silent(SILENCE), fail(503, FailureCategory.SERVER_ERROR, true), ok("a"));
    client.script("b/m", silent(SILENCE), ok("b answers"));
    client.script("c/m", fail(503, FailureCategory.SERVER_ERROR, false));

    ChatResult r = orchestrator(policy().sameRouteRetries(2).build()).chat(request("v"));

    assertThat(r.response().content()).isEqualTo("b answers");
    assertThat(client.calls()).containsExactly("a/m", "b/m", "c/m", "a/m", "b/m");
  }

  @Test
  void theSecondPassSkipsASilentRouteWhoseWindowASizeFailureRuledOut() {
    Catalog windows =
        Catalogs.of(free("a", "m", 8000), free("b", "m", 8000), free("c", "m", 8000)).toBuilder()
            .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m", "b/m", "c/m")))
            .build();
    client.script("a/m", silent(SILENCE), ok("a answers"));
    client.script("b/m", silent(SILENCE), ok("b answers"));
    client.script("c/m", fail(400, FailureCategory.CONTEXT_LENGTH_EXCEEDED, false));

    OrchestratorException e =
        failure(
            client.orchestrator().catalog(windows).policy(policy().build()).build(), request("v"));

    // c's 8,000-token window was too small; a and b have no larger one: nothing is re-sent.
    assertThat(client.calls()).containsExactly("a/m", "b/m", "c/m");
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.CANDIDATES_EXHAUSTED);
  }

  @Test
  void oneSilentRouteAloneIsNotTriedAgain() {
    client.script("a/m", silent(SILENCE), ok("a answers"));
    client.script("b/m", fail(503, FailureCategory.SERVER_ERROR, false));
    client.script("c/m", fail(503, FailureCategory.SERVER_ERROR, false));

    OrchestratorException e = failure(orchestrator(policy().build()), request("v"));

    assertThat(e.type()).isEqualTo(OrchestratorException.Type.CANDIDATES_EXHAUSTED);
    assertThat(client.calls()).containsExactly("a/m", "b/m", "c/m");
  }

  @Test
  void aSingleRouteThatIsSilentIsNotRetried() {
    client.script("a/m", silent(SILENCE), ok("a answers"));

    OrchestratorException e = failure(orchestrator(policy().build()), request("a/m"));

    assertThat(e.type()).isEqualTo(OrchestratorException.Type.BACKEND_UNAVAILABLE);
    assertThat(client.calls()).containsExactly("a/m");
  }

  @Test
  void eachSecondPassAttemptTakesARetryFromTheBudgetAndStopsWhenItIsSpent() {
    client.script("a/m", silent(SILENCE));
    client.script("b/m", silent(SILENCE));
    client.script("c/m", silent(SILENCE));
    // One retry in the window: the second pass sends once, then the budget refuses.
    TaskOrchestrator o = orchestrator(policy().retryBudget(0.0, 1, Duration.ofSeconds(10)).build());

    OrchestratorException e = failure(o, request("v"));

    assertThat(e.type()).isEqualTo(OrchestratorException.Type.CANDIDATES_EXHAUSTED);
    assertThat(client.calls()).containsExactly("a/m", "b/m", "c/m", "a/m");
  }

  @Test
  void theSecondPassRunsOnlyWhileTheDeadlineLeavesRoom() {
    // 3 × 600 ms of silence leaves 200 ms of the 2 s deadline: one more attempt, capped to it.
    Duration stall = Duration.ofMillis(600);
    client.script("a/m", silent(stall));
    client.script("b/m", silent(stall));
    client.script("c/m", silent(stall));
    long t0 = time.read();

    OrchestratorException e = failure(orchestrator(policy().build()), request("v"));

    assertThat(client.calls()).containsExactly("a/m", "b/m", "c/m", "a/m");
    assertThat(client.callDetails().get(3).limits().total())
        .isLessThanOrEqualTo(Duration.ofMillis(200));
    assertThat(Duration.ofNanos(time.read() - t0)).isLessThanOrEqualTo(Duration.ofSeconds(2));
    assertThat(e.type())
        .isIn(
            OrchestratorException.Type.CANDIDATES_EXHAUSTED,
            OrchestratorException.Type.DEADLINE_EXCEEDED);
  }

  @Test
  void aRouteIsTriedAtMostTwiceAfterSilenceWhateverTheDeadline() {
    client.script("a/m", silent(SILENCE));
    client.script("b/m", silent(SILENCE));
    client.script("c/m", fail(503, FailureCategory.SERVER_ERROR, false));
    TaskOrchestrator o = orchestrator(policy().deadline(Duration.ofSeconds(60)).build());

    failure(o, request("v"));

    assertThat(client.calls()).containsExactly("a/m", "b/m", "c/m", "a/m", "b/m");
  }
}

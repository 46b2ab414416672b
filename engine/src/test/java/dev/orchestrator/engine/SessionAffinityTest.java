package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.Catalogs.priced;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session affinity (issue #32): a conversation stays on the route that last answered it while that
 * route is a candidate, so its prompt cache stays warm and the model does not change under a
 * running agent; it never brings back a route the plan left out.
 */
class SessionAffinityTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  private static final Catalog CATALOG =
      Catalogs.of(free("a", "m", 8000), free("b", "m", 8000), priced("p", "m", 8000)).toBuilder()
          .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m", "b/m")))
          .build();

  private TaskOrchestrator orchestrator(OrchestratorPolicy.Builder policy) {
    return ScriptedClient.orchestrator(client, time)
        .catalog(CATALOG)
        .policy(policy.seed(5L).build())
        .build();
  }

  private TaskOrchestrator orchestrator() {
    return orchestrator(OrchestratorPolicy.builder());
  }

  private static ChatRequest turn(String session, String text) {
    return ChatRequest.builder("v").session(session).user(text).build();
  }

  /** a fails once (a 400 that fails over without touching its health), b answers: s1 moves to b. */
  private ChatResult moveToB(TaskOrchestrator o, String session) {
    client.script("a/m", fail(400, FailureCategory.REQUEST_INVALID, false), ok("a again"));
    ChatResult r = o.chat(turn(session, "first"));
    assertThat(r.route()).isEqualTo("b/m");
    return r;
  }

  @Test
  void aSessionStaysOnTheRouteThatAnsweredItAfterAFailover() {
    TaskOrchestrator o = orchestrator();
    moveToB(o, "s1");
    ChatResult next = o.chat(turn("s1", "second"));
    assertThat(next.route()).isEqualTo("b/m");
    assertThat(next.trace().plan().affinity()).isEqualTo("b/m");
    // Another session is planned as ever: a first.
    ChatResult other = o.chat(turn("s2", "first"));
    assertThat(other.route()).isEqualTo("a/m");
    assertThat(other.trace().plan().affinity()).isNull();
  }

  @Test
  void aSessionReturnsToThePlansOrderAfterItsTimeToLive() {
    TaskOrchestrator o =
        orchestrator(OrchestratorPolicy.builder().sessionTtl(Duration.ofMinutes(2)));
    moveToB(o, "s1");
    time.advance(Duration.ofMinutes(1));
    assertThat(o.chat(turn("s1", "second")).route()).isEqualTo("b/m"); // the answer renews it
    time.advance(Duration.ofMinutes(2).plusSeconds(1));
    ChatResult late = o.chat(turn("s1", "third"));
    assertThat(late.route()).isEqualTo("a/m");
    assertThat(late.trace().plan().affinity()).isNull();
  }

  @Test
  void withoutASessionTheSystemPromptAndFirstUserMessageAreTheSession() {
    TaskOrchestrator o = orchestrator();
    client.script("a/m", fail(400, FailureCategory.REQUEST_INVALID, false), ok("a again"));
    ChatRequest first = ChatRequest.builder("v").system("agent").user("task 1").build();
    assertThat(o.chat(first).route()).isEqualTo("b/m");
    ChatRequest later =
        first.toBuilder()
            .message(dev.orchestrator.engine.chat.ChatMessage.assistant("working"))
            .user("go on")
            .build();
    assertThat(o.chat(later).route()).isEqualTo("b/m");
    ChatRequest otherTask = ChatRequest.builder("v").system("agent").user("task 2").build();
    assertThat(o.chat(otherTask).route()).isEqualTo("a/m");
  }

  @Test
  void itNeverBringsBackARouteThePlanLeftOut() {
    TaskOrchestrator o = orchestrator();
    moveToB(o, "s1");
    // b's key runs out: the account state cools it, so the plan leaves it out and a answers.
    client.script("b/m", fail(402, FailureCategory.QUOTA_EXHAUSTED, false));
    ChatResult r = o.chat(turn("s1", "second"));
    assertThat(r.route()).isEqualTo("a/m");
    ChatResult next = o.chat(turn("s1", "third"));
    assertThat(next.route()).isEqualTo("a/m");
    assertThat(next.trace().plan().candidates())
        .extracting(c -> c.route().id())
        .containsExactly("a/m");
    assertThat(client.calls()).filteredOn("b/m"::equals).hasSize(2);
  }

  @Test
  void aPricedRouteIsNeverPreferredIntoAFreePlan() {
    TaskOrchestrator o = orchestrator();
    Plan free = o.plan(ChatRequest.builder("orchestrator/free").user("x").build());
    assertThat(free.preferring("p/m")).isSameAs(free);
    Plan preferred = free.preferring("b/m");
    assertThat(preferred.candidates()).extracting(c -> c.route().id()).startsWith("b/m");
    assertThat(preferred.candidates()).hasSameSizeAs(free.candidates());
    assertThat(preferred.affinity()).isEqualTo("b/m");
  }

  @Test
  void aZeroTimeToLiveTurnsItOff() {
    TaskOrchestrator o = orchestrator(OrchestratorPolicy.builder().sessionTtl(Duration.ZERO));
    moveToB(o, "s1");
    assertThat(o.chat(turn("s1", "second")).route()).isEqualTo("a/m");
  }

  @Test
  void aSessionIdIsBounded() {
    assertThatThrownBy(() -> turn("x".repeat(257), "hi"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("session");
    assertThatThrownBy(() -> turn("", "hi")).isInstanceOf(IllegalArgumentException.class);
  }
}

package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.priced;
import static dev.orchestrator.engine.testing.ScriptedClient.cutAfter;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The five fault shapes of issue #14, as sequences a caller would see, on fake time. */
class FaultShapesTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  private static final Catalog CATALOG =
      Catalogs.of(
              priced("a", "m", 8000, Capability.PREFILL),
              priced("b", "m", 8000, Capability.PREFILL),
              priced("c", "m", 8000),
              priced("r", "m", 8000, Capability.REASONING))
          .toBuilder()
          .pool(new Pool("ab", PoolKind.VIRTUAL, List.of("a/m", "b/m")))
          .pool(new Pool("cb", PoolKind.VIRTUAL, List.of("c/m", "b/m")))
          .pool(new Pool("ca", PoolKind.VIRTUAL, List.of("c/m", "a/m")))
          .build();

  private TaskOrchestrator orchestrator(ProviderClient c, OrchestratorPolicy policy) {
    return ScriptedClient.orchestrator(c, time).catalog(CATALOG).policy(policy).build();
  }

  private static OrchestratorPolicy.Builder policy() {
    return OrchestratorPolicy.builder().seed(11L);
  }

  private static ChatRequest request(String model) {
    return ChatRequest.builder(model).user("hello").build();
  }

  /** Behaviour 1: 10 requests 1.2 s apart; the primary is down for the first 6 s. */
  @Test
  void recoveredPrimaryGetsItsTrafficBackWithinSeconds() {
    long downUntil = time.read() + Duration.ofSeconds(6).toNanos();
    ProviderClient flapping =
        call -> {
          if (call.route().id().equals("a/m") && time.read() < downUntil) {
            time.advance(Duration.ofMillis(20));
            return new AttemptOutcome.Failed(
                ProviderFailure.of(
                    FailureCategory.SERVER_ERROR, true, ReachedModel.YES, null, "503"),
                false);
          }
          return client.send(call);
        };
    TaskOrchestrator o =
        orchestrator(
            flapping, policy().backoff(Duration.ofMillis(50), Duration.ofMillis(100)).build());
    List<String> served = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      long next = time.read() + Duration.ofMillis(1200).toNanos();
      served.add(o.chat(request("ab")).route());
      time.advance(Duration.ofNanos(Math.max(0, next - time.read())));
    }
    assertThat(served.subList(0, 3)).containsOnly("b/m");
    assertThat(served.subList(7, 10)).containsOnly("a/m");
  }

  /** Behaviour 2: accepted, then nothing for 15 s, then the connection closes. */
  @Test
  void silentRouteThatThenClosesIsNotRetriedButFailedOver() {
    client.script("a/m", brokeAfter(Duration.ofSeconds(15)));
    ChatResult r = orchestrator(client, policy().build()).chat(request("ab"));
    assertThat(r.route()).isEqualTo("b/m");
    assertThat(client.calls()).containsExactly("a/m", "b/m");
  }

  @Test
  void anImmediateResetIsNotSilenceAndKeepsItsRetry() {
    client.script("a/m", brokeAfter(Duration.ofMillis(3)), ok("second try"));
    ChatResult r = orchestrator(client, policy().build()).chat(request("ab"));
    assertThat(r.route()).isEqualTo("a/m");
    assertThat(client.calls()).containsExactly("a/m", "a/m");
  }

  private static ScriptedClient.Step brokeAfter(Duration d) {
    return ScriptedClient.failure(
            ProviderFailure.of(
                FailureCategory.CONNECTION_FAILED,
                true,
                ReachedModel.UNKNOWN,
                TransportFault.EOF_BEFORE_RESPONSE,
                "connection closed before any response"))
        .taking(d);
  }

  /** Behaviour 3 (engine side): skipped invalid events are in the trace. */
  @Test
  void skippedEventsAreCountedInTheTrace() {
    ProviderClient skipping =
        call ->
            new AttemptOutcome.Succeeded(
                new ChatResponse("whole", List.of(), "stop", Usage.NONE, "m", null), 1);
    List<AttemptRecord> seen = new ArrayList<>();
    TaskOrchestrator o = orchestrator(skipping, policy().build());
    o.addListener(
        new OrchestratorListener() {
          @Override
          public void onAttempt(String model, AttemptRecord attempt) {
            seen.add(attempt);
          }
        });
    ChatResult r = o.stream(request("a/m"), d -> {});
    assertThat(r.trace().attempts().get(0).skippedEvents()).isEqualTo(1);
    assertThat(seen).singleElement().extracting(AttemptRecord::skippedEvents).isEqualTo(1);
  }

  /** Behaviour 4: continuation on the same route first when it accepts a prefill. */
  @Test
  void continuationAsksTheCutRouteFirstThenReturnsOneWholeAnswer() {
    client.script("a/m", cutAfter("Hello "), ok("world"));
    List<String> deltas = new ArrayList<>();
    ChatResult r =
        orchestrator(client, policy().streamContinuation(true).build()).stream(
            request("ab"), deltas::add);
    assertThat(r.response().content()).isEqualTo("Hello world");
    assertThat(r.route()).isEqualTo("a/m");
    assertThat(client.calls()).containsExactly("a/m", "a/m");
    List<ChatMessage> sent = client.callDetails().get(1).request().messages();
    assertThat(sent.get(sent.size() - 1).role()).isEqualTo(Role.ASSISTANT);
    assertThat(sent.get(sent.size() - 1).content()).isEqualTo("Hello ");
    assertThat(r.trace().attempts())
        .extracting(AttemptRecord::continuation)
        .containsExactly(false, true);
  }

  @Test
  void continuationSkipsACutRouteWithoutPrefillAndTriesTheNextPrefillCandidate() {
    client.script("c/m", cutAfter("Hel"));
    client.script("b/m", ok("lo"));
    ChatResult r =
        orchestrator(client, policy().streamContinuation(true).build()).stream(
            request("cb"), d -> {});
    assertThat(r.response().content()).isEqualTo("Hello");
    assertThat(client.calls()).containsExactly("c/m", "b/m");
  }

  @Test
  void aCandidateRejectingThePrefillNeverMasksTheOriginalFailure() {
    client.script("c/m", cutAfter("partial"));
    client.script("a/m", fail(400, FailureCategory.REQUEST_INVALID, false));
    TaskOrchestrator o = orchestrator(client, policy().streamContinuation(true).build());
    assertThatThrownBy(() -> o.stream(request("ca"), d -> {}))
        .isInstanceOfSatisfying(
            OrchestratorException.class,
            e -> {
              assertThat(e.type()).isEqualTo(OrchestratorException.Type.STREAM_INTERRUPTED);
              assertThat(e.getMessage()).contains("c/m");
              assertThat(e.trace().attempts())
                  .extracting(AttemptRecord::route, AttemptRecord::continuation)
                  .containsExactly(
                      org.assertj.core.groups.Tuple.tuple("c/m", false),
                      org.assertj.core.groups.Tuple.tuple("a/m", true));
              assertThat(e.trace().attempts().get(1).decision()).isEqualTo(Decision.STOP);
            });
  }

  @Test
  void continuationIsOffByDefault() {
    client.script("a/m", cutAfter("Hello "), ok("world"));
    TaskOrchestrator o = orchestrator(client, policy().build());
    assertThatThrownBy(() -> o.stream(request("ab"), d -> {}))
        .isInstanceOf(OrchestratorException.class);
    assertThat(client.calls()).containsExactly("a/m");
  }

  /** Behaviour 5: the first-token limit depends on the route's reasoning flag. */
  @ParameterizedTest(name = "{0}: first token within {1} s")
  @CsvSource(
      textBlock =
          """
          c/m, 15
          r/m, 45
          """)
  void firstTokenLimitFollowsTheCatalogsReasoningFlag(String route, long seconds) {
    orchestrator(client, policy().build()).stream(request(route), d -> {});
    assertThat(client.callDetails().get(0).limits().firstTokenTimeout())
        .isEqualTo(Duration.ofSeconds(seconds));
  }

  @Test
  void aRoutesConfiguredFirstTokenLimitWinsOverItsReasoningDefault() {
    Catalog c =
        Catalogs.of(
            CATALOG.route("c/m").orElseThrow().toBuilder()
                .firstTokenTimeout(Duration.ofSeconds(7))
                .build());
    TaskOrchestrator o = client.orchestrator().catalog(c).policy(policy().build()).build();
    o.stream(request("c/m"), d -> {});
    assertThat(client.callDetails().get(0).limits().firstTokenTimeout())
        .isEqualTo(Duration.ofSeconds(7));
  }

  @Test
  void aPerRouteFirstTokenLimitOverridesTheDefaults() {
    orchestrator(client, policy().routeFirstTokenTimeout("r/m", Duration.ofSeconds(90)).build())
        .stream(request("r/m"), d -> {});
    assertThat(client.callDetails().get(0).limits().firstTokenTimeout())
        .isEqualTo(Duration.ofSeconds(90));
  }
}

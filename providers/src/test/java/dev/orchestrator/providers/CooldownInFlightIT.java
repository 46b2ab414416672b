package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A provider's {@code Retry-After} cool-down against the success of an attempt that was in flight
 * when it was set, through a real orchestrator and the real provider clients on a loopback upstream
 * (the orchestrator's time is fake: nothing sleeps). A slow streamed answer on {@code alpha/m} is
 * held mid-stream while a concurrent request gets {@code 429 Retry-After: 30} from the same route;
 * then the slow answer completes. Before, that success ended the cool-down and the next request
 * went straight back to {@code alpha/m} and met the 429 again.
 */
class CooldownInFlightIT {
  private static final String ALPHA = "alpha/m";
  private static final String BETA = "beta/m";
  private static final Credentials CREDS = Credentials.constant("sk-loopback-0123456789");
  private static final String RATE_LIMITED =
      "{\"error\":{\"message\":\"Rate limit reached for requests\",\"type\":\"requests\","
          + "\"code\":\"rate_limit_exceeded\"}}";

  private static TaskOrchestrator orchestrator(ScriptedUpstream upstream, FakeTime time) {
    Catalog.Builder b = Catalog.builder();
    for (String p : List.of("alpha", "beta")) {
      b.provider(Provider.of(p, upstream.baseUrl(p), Protocol.OPENAI_CHAT, List.of("SIM_KEY")));
    }
    b.route(Route.builder("alpha", "m").tier(Tier.FREE).contextWindow(8_000).quality(0.9).build());
    b.route(Route.builder("beta", "m").tier(Tier.FREE).contextWindow(8_000).quality(0.5).build());
    b.pool(new Pool("pair", PoolKind.VIRTUAL, List.of(ALPHA, BETA)));
    return TaskOrchestrator.builder()
        .catalog(b.build())
        .providers(
            HttpProviderClients.builder()
                .credentials(CREDS)
                .ticker(time)
                .clock(time.clock(Instant.parse("2026-12-07T10:00:00Z")))
                .build())
        .credentials(CREDS)
        .ticker(time)
        .sleeper(time)
        .policy(
            OrchestratorPolicy.builder()
                .connectTimeout(Duration.ofSeconds(2))
                .attemptTimeout(Duration.ofSeconds(10))
                .firstTokenTimeout(Duration.ofSeconds(10))
                .streamIdleTimeout(Duration.ofSeconds(10))
                .deadline(Duration.ofSeconds(60))
                .sameRouteRetries(0) // the 429's request ends at once, nothing waits
                .seed(7L)
                .build())
        .build();
  }

  private static ChatRequest ask(String model) {
    return ChatRequest.builder(model).user("hello").build();
  }

  @Test
  void aSuccessInFlightLeavesTheRetryAfterCooldownRunningAndTheNextRequestGoesElsewhere()
      throws Exception {
    Step slow = Step.ok("the slow answer, sent before the 429");
    Step limited = Step.answer(429, RATE_LIMITED).withHeaders(Map.of("Retry-After", "30"));
    Map<String, List<Step>> scripts =
        Map.of(ALPHA, List.of(slow, limited, Step.ok("alpha again")), BETA, List.of(Step.ok("b")));
    FakeTime time = new FakeTime();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try (ScriptedUpstream upstream = ScriptedUpstream.start(scripts)) {
      TaskOrchestrator o = orchestrator(upstream, time);
      CountDownLatch inFlight = new CountDownLatch(1);
      CountDownLatch answered429 = new CountDownLatch(1);
      CompletableFuture<ChatResult> slowRequest =
          CompletableFuture.supplyAsync(
              () ->
                  o.stream(
                      ChatRequest.builder(ALPHA).user("slow").build(),
                      delta -> {
                        // Mid-stream: the attempt is sent and not yet reported.
                        inFlight.countDown();
                        await(answered429);
                      }),
              pool);
      assertThat(inFlight.await(30, TimeUnit.SECONDS)).as("the slow answer started").isTrue();

      assertThatThrownBy(() -> o.chat(ask(ALPHA)))
          .isInstanceOfSatisfying(
              OrchestratorException.class,
              e -> assertThat(e.type()).isEqualTo(OrchestratorException.Type.RATE_LIMITED));
      assertThat(o.health().cooldownRemaining(ALPHA)).isEqualTo(Duration.ofSeconds(30));
      answered429.countDown();

      ChatResult slowAnswer = slowRequest.get(30, TimeUnit.SECONDS);
      assertThat(slowAnswer.route()).isEqualTo(ALPHA);
      assertThat(slowAnswer.response().content()).isEqualTo("the slow answer, sent before the 429");

      ChatResult next = o.chat(ask("pair"));
      assertThat(next.route()).as("not sent where it would 429").isEqualTo(BETA);
      assertThat(upstream.callCount(ALPHA)).isEqualTo(2);
      assertThat(o.health().cooldownRemaining(ALPHA))
          .as("the success in flight left the provider's wait running")
          .isEqualTo(Duration.ofSeconds(30));

      time.advance(Duration.ofSeconds(30)); // the cool-down ends at its time
      assertThat(o.chat(ask("pair")).route()).isEqualTo(ALPHA);
      assertThat(upstream.callCount(ALPHA)).isEqualTo(3);
    } finally {
      pool.shutdownNow();
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(30, TimeUnit.SECONDS)) {
        throw new AssertionError("the concurrent request never got its 429");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}

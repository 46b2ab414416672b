package dev.orchestrator.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.load.LoadLimit;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ManualTimer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Whatever the interleaving of requests under the load limit (ADR 0058) — answered, failing with a
 * client's exception, cancelled in flight or while they wait, their deadline passing while they
 * wait, whole or streamed, the limit shrinking and growing meanwhile — no more run at once than the
 * limit allows (or held before it shrank), every request ends, and once all have ended every place
 * is back and nobody waits.
 */
class LoadLimitPropertyTest {
  /** How one request's attempt ends, or what happens to the request before it has one. */
  enum Fate {
    ANSWERED,
    STREAMED,
    CLIENT_THROWS,
    CANCELLED_IN_FLIGHT,
    CANCELLED_EARLY
  }

  /** The test's own step: what the driver does when no call is waiting to be answered. */
  enum Idle {
    ADVANCE,
    OVERLOADED_WINDOW,
    CALM_WINDOW
  }

  @Property(tries = 60)
  void everyPlaceComesBackWhateverTheInterleaving(
      @ForAll("maxes") int max,
      @ForAll("fates") List<Fate> fates,
      @ForAll("idles") List<Idle> idles)
      throws Exception {
    FakeTime time = new FakeTime();
    ManualTimer timer = new ManualTimer(time);
    LoadLimit limit = LoadLimit.adaptive(max, 1, time, timer);
    LoadLimitRequestsTest.GatedClient gated = new LoadLimitRequestsTest.GatedClient();
    TaskOrchestrator o =
        TaskOrchestrator.builder()
            .catalog(LoadLimitRequestsTest.CATALOG)
            .providers(ProviderClients.single(gated))
            .credentials(Credentials.constant("k"))
            .ticker(time)
            .sleeper(time)
            .loadLimit(limit)
            .policy(
                OrchestratorPolicy.builder()
                    .seed(11L)
                    .deadline(Duration.ofSeconds(5))
                    .attemptTimeout(Duration.ofSeconds(4))
                    .build())
            .build();
    ExecutorService callers = Executors.newCachedThreadPool();
    try {
      List<Cancellation> cancels = new ArrayList<>();
      List<CompletableFuture<Object>> requests = new ArrayList<>();
      for (int i = 0; i < fates.size(); i++) {
        Fate fate = fates.get(i);
        Cancellation cancel = new Cancellation();
        cancels.add(cancel);
        ChatRequest r =
            ChatRequest.builder("a/m").user("request " + i).stream(fate == Fate.STREAMED).build();
        requests.add(
            CompletableFuture.supplyAsync(
                () -> {
                  try {
                    return fate == Fate.STREAMED ? o.stream(r, d -> {}, cancel) : o.chat(r, cancel);
                  } catch (RuntimeException e) {
                    return e;
                  }
                },
                callers));
        if (fate == Fate.CANCELLED_EARLY) {
          cancel.cancel();
        }
      }
      int step = 0;
      long patience = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!requests.stream().allMatch(CompletableFuture::isDone)) {
        assertThat(System.nanoTime() - patience).as("every request ends").isNegative();
        LoadLimitRequestsTest.GatedClient.Call c = gated.calls.poll();
        if (c != null) {
          int i = Integer.parseInt(c.call().request().messages().get(0).content().substring(8));
          switch (fates.get(i)) {
            case CLIENT_THROWS ->
                c.answer().completeExceptionally(new IllegalStateException("a client's bug"));
            case CANCELLED_IN_FLIGHT, CANCELLED_EARLY -> cancels.get(i).cancel();
            default -> c.ok();
          }
        } else {
          switch (idles.get(step++ % idles.size())) {
            case ADVANCE -> {
              time.advance(Duration.ofMillis(700));
              timer.runDue();
            }
            case OVERLOADED_WINDOW -> {
              limit.timedOut();
              for (int k = 0; k < LoadLimit.WINDOW; k++) {
                limit.sample(TimeUnit.MILLISECONDS.toNanos(LoadLimit.LATE_MILLIS));
              }
            }
            case CALM_WINDOW -> {
              for (int k = 0; k < LoadLimit.WINDOW; k++) {
                limit.sample(0);
              }
            }
          }
          Thread.onSpinWait();
        }
        assertThat(limit.running()).isBetween(0, max);
        assertThat(limit.limit()).isBetween(Math.min(max, 16), max);
      }
      for (CompletableFuture<Object> r : requests) {
        assertThat(r.get()).isInstanceOfAny(ChatResult.class, RuntimeException.class);
      }
      assertThat(limit.running()).isZero();
      assertThat(limit.waiting()).isZero();
      assertThat(timer.pending()).isZero();
    } finally {
      callers.shutdownNow();
    }
  }

  /** A few places (the floor is the maximum), or more than the floor, so that windows move it. */
  @Provide
  Arbitrary<Integer> maxes() {
    return Arbitraries.of(1, 2, 3, 17, 19);
  }

  @Provide
  Arbitrary<List<Fate>> fates() {
    return Arbitraries.of(Fate.class).list().ofMinSize(1).ofMaxSize(24);
  }

  @Provide
  Arbitrary<List<Idle>> idles() {
    return Arbitraries.of(Idle.class).list().ofMinSize(1).ofMaxSize(6);
  }
}

package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.priced;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A route that was silent through a long outage (it accepts the request and sends no status line,
 * so each attempt ends by its own time limit) serves again within 15 s of its recovery
 * (docs/design.md §5, "availability first"; ADR 0007), with the default policy, on fake time. The
 * worst case is modelled: the route recovers just after a probe was sent into its silence, so that
 * probe stays silent to its limit and only a later probe can find the route back.
 */
class SilentRecoveryTest {
  private static final Duration GAP = Duration.ofMillis(500);

  private final FakeTime time = new FakeTime();
  private Upstream lastUpstream;

  private static final Catalog CATALOG =
      Catalogs.of(priced("a", "m", 8000), priced("b", "m", 8000)).toBuilder()
          .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m", "b/m")))
          .build();

  /**
   * a/m is silent until {@link #recovered}, b/m answers at once. A silent attempt lasts as long as
   * a real client would wait for the status line: the headers limit (for a stream, also the
   * first-token limit), within the attempt's total.
   */
  private final class Upstream implements ProviderClient {
    long downFrom = Long.MAX_VALUE;
    long recovered = Long.MAX_VALUE;
    final AtomicInteger silent = new AtomicInteger();

    @Override
    public AttemptOutcome send(ProviderCall call) {
      long start = time.read();
      if (call.route().id().equals("a/m") && start - downFrom >= 0 && start - recovered < 0) {
        silent.incrementAndGet();
        AttemptLimits l = call.limits();
        Duration wait = l.headersTimeout();
        if (call.listener() != null && l.firstTokenTimeout().compareTo(wait) < 0) {
          wait = l.firstTokenTimeout();
        }
        if (l.total().compareTo(wait) < 0) {
          wait = l.total();
        }
        time.advance(wait);
        return new AttemptOutcome.Failed(
            ProviderFailure.of(
                FailureCategory.TIMEOUT,
                true,
                ReachedModel.UNKNOWN,
                TransportFault.READ_TIMEOUT,
                "no response"),
            false);
      }
      time.advance(Duration.ofMillis(5));
      String text = call.route().id() + " answers";
      if (call.listener() != null) {
        call.listener().onContent(text);
      }
      return new AttemptOutcome.Succeeded(
          new ChatResponse(text, List.of(), "stop", new Usage(3, 5, 8), "m", null));
    }
  }

  private String send(TaskOrchestrator o, boolean stream) {
    ChatRequest r = ChatRequest.builder("v").user("hello").build();
    try {
      return stream ? o.stream(r, d -> {}).route() : o.chat(r).route();
    } catch (OrchestratorException e) {
      return e.type().wireName();
    }
  }

  /**
   * Ten minutes of silence under a request every 2 s, then the route recovers just after a probe
   * went out; returns how long after the recovery a/m answered a request again.
   */
  private Duration recoveryAfterSilence(boolean stream) {
    Upstream up = new Upstream();
    lastUpstream = up;
    TaskOrchestrator o =
        ScriptedClient.orchestrator(up, time)
            .catalog(CATALOG)
            .policy(OrchestratorPolicy.builder().seed(3L).build())
            .build();
    up.downFrom = time.read();
    long end = up.downFrom + Duration.ofMinutes(10).toNanos();
    while (time.read() - end < 0) {
      assertThat(send(o, stream)).isEqualTo("b/m");
      time.advance(Duration.ofSeconds(2));
    }
    // The next probe goes into the silence; the route comes back a millisecond later.
    while (up.recovered == Long.MAX_VALUE) {
      boolean probeDue = !o.health().marks().containsKey("a/m");
      if (probeDue) {
        up.recovered = time.read() + Duration.ofMillis(1).toNanos();
      }
      assertThat(send(o, stream)).isEqualTo("b/m");
      if (!probeDue) {
        time.advance(GAP);
      }
    }
    String served = "";
    while (!served.equals("a/m") && time.read() - up.recovered < Duration.ofMinutes(3).toNanos()) {
      time.advance(GAP);
      served = send(o, stream);
    }
    assertThat(served).isEqualTo("a/m");
    return Duration.ofNanos(time.read() - up.recovered);
  }

  @Test
  void aStreamedRouteBackFromALongSilenceServesWithin15Seconds() {
    Duration back = recoveryAfterSilence(true);
    // Before: the last probe waited out the 15 s first-token limit, then the 8 s open time (23 s).
    assertThat(back).isLessThanOrEqualTo(Duration.ofSeconds(15));
    // The silent route is still spared: one attempt at a time, one probe per open-time cap at most
    // (the five that opened it, then a probe every 8 s), never one per request.
    Duration openMax = OrchestratorPolicy.defaults().breakers().openMax();
    long outage = Duration.ofMinutes(10).toNanos() / openMax.toNanos();
    assertThat(lastUpstream.silent.get()).isLessThanOrEqualTo((int) outage + 6);
  }

  @Test
  void aWholeAnswerRouteBackFromSilenceWaitsOnlyForTheProbesOwnLimit() {
    // A whole (non-streamed) answer's status line comes with the answer, so its probe keeps the
    // attempt's limit (120 s): cutting it would fail every long answer of a recovered route and
    // keep it out for good. The open time no longer adds to that limit. (One caller at a time
    // opens the breaker late here, so the step is 2 s: before, 122 s; with the step at its cap,
    // 128 s.)
    Duration back = recoveryAfterSilence(false);
    Duration attempt = OrchestratorPolicy.defaults().timeouts().attempt();
    assertThat(back).isLessThanOrEqualTo(attempt.plus(GAP).plus(Duration.ofMillis(100)));
  }
}

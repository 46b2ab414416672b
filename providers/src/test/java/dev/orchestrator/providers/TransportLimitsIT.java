package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Each limit of an attempt fires when its time is up on the injected ticker, not before, against a
 * real loopback upstream that stalls. Time is fake ({@link ManualScheduler}): a limit fires only
 * when the test moves the clock, so no verdict depends on how loaded the machine is.
 */
class TransportLimitsIT {
  private static final Duration HOUR = Duration.ofHours(1);

  private final FakeTime time = new FakeTime();
  private final ManualScheduler scheduler = new ManualScheduler(time);
  private final HttpProviderClients clients = scheduler.clients();

  /** Headers, first token, idle, total. */
  private static AttemptLimits limits(Duration headers, Duration first, Duration idle, Duration t) {
    return new AttemptLimits(Duration.ofSeconds(1), headers, first, idle, t);
  }

  /** Sends one call on {@code p} and moves the clock once {@code armed} checks are scheduled. */
  private AttemptOutcome drive(
      Provider p, boolean stream, AttemptLimits limits, Fixtures.Recorder listener, int armed)
      throws Exception {
    return scheduler.drive(
        () -> clients.clientFor(p).send(Fixtures.call(p, "m", stream, limits, listener)),
        armed,
        Duration.ofSeconds(1));
  }

  /** One whole-body call to an upstream that answers with {@code fault}, driven to its end. */
  private ProviderFailure failedCall(
      Fault fault, Protocol protocol, AttemptLimits limits, int armed) throws Exception {
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(Map.of("p/m", List.of(Step.fault(fault))))) {
      Provider p = Fixtures.provider("p", upstream.baseUrl("p"), protocol);
      return failure(drive(p, false, limits, null, armed));
    }
  }

  private static Duration seconds(long n) {
    return Duration.ofSeconds(n);
  }

  private static ProviderFailure failure(AttemptOutcome out) {
    assertThat(out).isInstanceOf(AttemptOutcome.Failed.class);
    return ((AttemptOutcome.Failed) out).failure();
  }

  @Test
  void noResponseHeadersWithinTheHeadersTimeoutIsAReadTimeoutAtThatInstant() throws Exception {
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(Map.of("p/m", List.of(Step.fault(Fault.NO_RESPONSE))))) {
      Provider p = Fixtures.provider("p", upstream.baseUrl("p"), Protocol.OPENAI_CHAT);
      AttemptLimits limits = limits(Duration.ofSeconds(30), HOUR, HOUR, HOUR);
      CompletableFuture<AttemptOutcome> running =
          CompletableFuture.supplyAsync(
              () -> clients.clientFor(p).send(Fixtures.call(p, "m", false, limits, null)));
      while (upstream.callCount("p/m") == 0) {
        Thread.onSpinWait();
      }

      time.advance(Duration.ofSeconds(30).minusNanos(1));
      scheduler.runDue();
      assertThat(running).isNotDone();
      assertThat(scheduler.pending()).isEqualTo(1);

      time.advance(Duration.ofNanos(1));
      scheduler.runDue();
      ProviderFailure f = failure(running.get(20, TimeUnit.SECONDS));

      assertThat(f.transportFault()).isEqualTo(TransportFault.READ_TIMEOUT);
      assertThat(f.message()).endsWith("no response within 30000 ms");
    }
  }

  @Test
  void aStreamWithoutItsFirstTokenInTimeIsAFirstTokenTimeout() throws Exception {
    Step slow = Step.fault(Fault.SLOW_FIRST_TOKEN).withDelay(600_000);
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of("p/m", List.of(slow)))) {
      Provider p = Fixtures.provider("p", upstream.baseUrl("p"), Protocol.OPENAI_CHAT);
      Fixtures.Recorder listener = new Fixtures.Recorder();
      AttemptLimits limits = limits(HOUR, Duration.ofSeconds(20), HOUR, Duration.ofHours(2));
      // Armed at the start, re-armed when the stream's headers are in: then the clock moves.
      AttemptOutcome out = drive(p, true, limits, listener, 2);

      ProviderFailure f = failure(out);
      assertThat(f.transportFault()).isEqualTo(TransportFault.FIRST_TOKEN_TIMEOUT);
      assertThat(f.message()).endsWith("no first token within 20000 ms");
      assertThat(listener.deltas).isEmpty();
    }
  }

  @Test
  void aStreamSilentForTheIdleTimeoutIsAnIdleTimeoutAfterVisibleOutput() throws Exception {
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(Map.of("p/m", List.of(Step.fault(Fault.STREAM_STALL))))) {
      for (Protocol protocol : Protocol.values()) {
        Provider p = Fixtures.provider("p", upstream.baseUrl("p"), protocol);
        Fixtures.Recorder listener = new Fixtures.Recorder();
        AttemptLimits limits = limits(HOUR, HOUR, Duration.ofSeconds(15), Duration.ofHours(2));
        int before = scheduler.scheduled();
        // Armed at the start, for the first token, then for the idle limit once a token is in.
        AttemptOutcome out = drive(p, true, limits, listener, before + 3);

        ProviderFailure f = failure(out);
        assertThat(f.transportFault()).isEqualTo(TransportFault.STREAM_IDLE_TIMEOUT);
        assertThat(f.message())
            .endsWith("stream went idle past the limit: nothing arrived for 15000 ms");
        assertThat(f.category()).isEqualTo(FailureCategory.STREAM_INTERRUPTED);
        assertThat(((AttemptOutcome.Failed) out).visibleOutput()).isTrue();
        assertThat(listener.text()).isNotEmpty();
      }
    }
  }

  @Test
  void aBodyStillArrivingAtTheTotalLimitIsAReadTimeout() throws Exception {
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(Map.of("p/m", List.of(Step.fault(Fault.STREAM_STALL))))) {
      Provider p = Fixtures.provider("p", upstream.baseUrl("p"), Protocol.OPENAI_CHAT);
      AttemptLimits limits = limits(HOUR, HOUR, HOUR, seconds(40));
      long start = time.read();
      CompletableFuture<AttemptOutcome> running =
          CompletableFuture.supplyAsync(
              () -> clients.clientFor(p).send(Fixtures.call(p, "m", false, limits, null)));
      // Armed at the start, re-armed for the total limit when the headers are in; the time moves
      // only once the body's first bytes are counted (the attempt reads the time as they come),
      // however long a loaded machine takes to hand them over.
      scheduler.awaitScheduled(2);
      scheduler.awaitTimeReadAfter(2);

      time.advance(seconds(40));
      scheduler.runDue();
      ProviderFailure f = failure(running.get(20, TimeUnit.SECONDS));

      assertThat(f.transportFault()).isEqualTo(TransportFault.READ_TIMEOUT);
      assertThat(f.message())
          .endsWith("the attempt exceeded its total limit of 40000 ms reading the body");
      assertThat(Duration.ofNanos(time.read() - start)).isEqualTo(seconds(40));
    }
  }

  @Test
  void theTotalLimitCapsTheHeadersTimeout() throws Exception {
    ProviderFailure f =
        failedCall(
            Fault.NO_RESPONSE,
            Protocol.ANTHROPIC_MESSAGES,
            limits(HOUR, HOUR, HOUR, seconds(5)),
            1);

    assertThat(f.transportFault()).isEqualTo(TransportFault.READ_TIMEOUT);
    assertThat(f.message())
        .endsWith("the attempt exceeded its total limit of 5000 ms waiting for a response");
  }

  @Test
  void aHealthyExchangeNeverWaitsForTheClock() {
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of())) {
      for (boolean stream : new boolean[] {false, true}) {
        Provider p = Fixtures.provider("p", upstream.baseUrl("p"), Protocol.OPENAI_CHAT);
        AttemptOutcome out =
            clients
                .clientFor(p)
                .send(
                    Fixtures.call(
                        p, "m", stream, AttemptLimits.uniform(HOUR), new Fixtures.Recorder()));

        assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
      }
      // Every check is cancelled with its attempt; a finished stream's drain timer goes once the
      // body's end has arrived (on the client's thread, just after the answer).
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (scheduler.pending() > 0 && System.nanoTime() - deadline < 0) {
        Thread.onSpinWait();
      }
      assertThat(scheduler.pending()).isZero();
    }
  }
}

package dev.orchestrator.providers.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.ManualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which limit stops an attempt, when, and what the failure says: on fake time, no HTTP. */
class AttemptClockTest {
  /** Headers 10 s, first token 20 s, idle 5 s, total 60 s. */
  static final AttemptLimits LIMITS =
      new AttemptLimits(
          Duration.ofSeconds(1),
          Duration.ofSeconds(10),
          Duration.ofSeconds(20),
          Duration.ofSeconds(5),
          Duration.ofSeconds(60));

  final FakeTime time = new FakeTime();
  final ManualScheduler scheduler = new ManualScheduler(time);
  final List<AttemptClock.Reason> stops = new ArrayList<>();

  AttemptClock clock(boolean stream) {
    AttemptClock c = new AttemptClock(LIMITS, stream, time, scheduler, stops::add);
    c.start();
    return c;
  }

  void advance(long millis) {
    time.advance(Duration.ofMillis(millis));
    scheduler.runDue();
  }

  @Test
  void aStreamsHeadersWaitIsTheShorterOfTheHeadersAndFirstTokenLimits() {
    AttemptLimits firstTokenFirst =
        new AttemptLimits(
            Duration.ofSeconds(1),
            Duration.ofSeconds(10),
            Duration.ofSeconds(3),
            Duration.ofSeconds(5),
            Duration.ofSeconds(60));
    AttemptClock c = new AttemptClock(firstTokenFirst, true, time, scheduler, stops::add);
    c.start();
    advance(2_999);
    assertThat(stops).isEmpty();
    advance(1);
    assertThat(stops).containsExactly(AttemptClock.Reason.HEADERS);
    assertThat(c.message(c.stopped())).isEqualTo("no response within 3000 ms");
  }

  @Test
  void readsKeepAStreamAliveAndSilenceStopsIt() {
    AttemptClock c = clock(true);
    c.enter(AttemptClock.Phase.AWAIT_FIRST_TOKEN);
    advance(1_000);
    c.enter(AttemptClock.Phase.STREAMING);
    for (int i = 0; i < 10; i++) {
      advance(4_000);
      c.activity(10);
    }
    assertThat(stops).isEmpty();
    advance(4_999);
    assertThat(stops).isEmpty();
    advance(1);
    assertThat(stops).containsExactly(AttemptClock.Reason.IDLE);
    assertThat(AttemptClock.fault(c.stopped())).isEqualTo(TransportFault.STREAM_IDLE_TIMEOUT);
  }

  @Test
  void aFirstTokenStopRefusesTheTokenThatArrivesAfterIt() {
    AttemptClock c = clock(true);
    c.enter(AttemptClock.Phase.AWAIT_FIRST_TOKEN);
    advance(20_000);
    assertThat(stops).containsExactly(AttemptClock.Reason.FIRST_TOKEN);

    assertThat(c.firstToken()).isFalse();
    assertThat(c.firstToken()).isFalse();
    assertThat(c.phase()).isEqualTo(AttemptClock.Phase.AWAIT_FIRST_TOKEN);
    assertThat(AttemptClock.fault(c.stopped())).isEqualTo(TransportFault.FIRST_TOKEN_TIMEOUT);
  }

  @Test
  void aFirstTokenAtTheDeadlineBeforeTheCheckRunsLeavesTheCheckOnlyTheIdleLimit() {
    AttemptClock c = clock(true);
    c.enter(AttemptClock.Phase.AWAIT_FIRST_TOKEN);
    time.advance(Duration.ofSeconds(20)); // the check is due but has not run: the token is first

    assertThat(c.firstToken()).isTrue();
    scheduler.runDue();
    assertThat(stops).isEmpty();
    assertThat(c.phase()).isEqualTo(AttemptClock.Phase.STREAMING);
    assertThat(c.firstToken()).isTrue();
    advance(4_999);
    assertThat(stops).isEmpty();
    advance(1);
    assertThat(stops).containsExactly(AttemptClock.Reason.IDLE);
  }

  @ParameterizedTest
  @CsvSource({"CANCELLED", "TOTAL"})
  void anyStopBeforeTheFirstTokenRefusesIt(AttemptClock.Reason reason) {
    AttemptClock c = clock(true);
    c.enter(AttemptClock.Phase.AWAIT_FIRST_TOKEN);
    c.stop(reason);

    assertThat(c.firstToken()).isFalse();
    assertThat(c.stopped())
        .isEqualTo(new AttemptClock.Stop(reason, AttemptClock.Phase.AWAIT_FIRST_TOKEN, 0));
  }

  @Test
  void aStopAfterTheFirstTokenIsRecordedInTheStreamingPhase() {
    AttemptClock c = clock(true);
    c.enter(AttemptClock.Phase.AWAIT_FIRST_TOKEN);
    c.activity(12);
    assertThat(c.firstToken()).isTrue();
    advance(60_000);

    assertThat(stops).containsExactly(AttemptClock.Reason.TOTAL);
    assertThat(c.message(c.stopped()))
        .isEqualTo("the attempt exceeded its total limit of 60000 ms while streaming");
  }

  @Test
  void theTotalLimitEndsABodyAndTheFirstReasonWins() {
    AttemptClock c = clock(false);
    c.enter(AttemptClock.Phase.BODY);
    advance(59_999);
    assertThat(stops).isEmpty();
    advance(1);
    c.stop(AttemptClock.Reason.CANCELLED);
    assertThat(stops).containsExactly(AttemptClock.Reason.TOTAL);
    assertThat(c.message(c.stopped()))
        .isEqualTo("the attempt exceeded its total limit of 60000 ms before the body arrived");
  }

  @Test
  void aFinishedAttemptLeavesNoCheckBehind() {
    AttemptClock c = clock(true);
    c.finish();
    advance(120_000);
    assertThat(stops).isEmpty();
    assertThat(scheduler.pending()).isZero();
  }

  @ParameterizedTest(name = "{0} in {1}, {2} bytes")
  @CsvSource(
      textBlock =
          """
          CANCELLED,   HEADERS,           0, CANCELLED,           cancelled by the caller
          HEADERS,     HEADERS,           0, READ_TIMEOUT,        no response within 10000 ms
          FIRST_TOKEN, AWAIT_FIRST_TOKEN, 0, FIRST_TOKEN_TIMEOUT, no first token within 20000 ms
          IDLE,        STREAMING,         9, STREAM_IDLE_TIMEOUT, nothing arrived for 5000 ms
          TOTAL,       HEADERS,           0, READ_TIMEOUT,        the attempt exceeded its total limit of 60000 ms waiting for a response
          TOTAL,       AWAIT_FIRST_TOKEN, 0, FIRST_TOKEN_TIMEOUT, the attempt exceeded its total limit of 60000 ms before the first token
          TOTAL,       BODY,              0, FIRST_TOKEN_TIMEOUT, the attempt exceeded its total limit of 60000 ms before the body arrived
          TOTAL,       BODY,              7, READ_TIMEOUT,        the attempt exceeded its total limit of 60000 ms reading the body
          TOTAL,       STREAMING,         7, READ_TIMEOUT,        the attempt exceeded its total limit of 60000 ms while streaming
          """)
  void eachStopHasItsFaultAndMessage(
      AttemptClock.Reason reason,
      AttemptClock.Phase phase,
      long bytes,
      TransportFault fault,
      String message) {
    AttemptClock.Stop stop = new AttemptClock.Stop(reason, phase, bytes);
    assertThat(AttemptClock.fault(stop)).isEqualTo(fault);
    assertThat(clock(false).message(stop)).isEqualTo(message);
  }
}

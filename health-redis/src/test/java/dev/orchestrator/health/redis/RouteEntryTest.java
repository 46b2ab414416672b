package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.RouteCondition;
import java.time.Duration;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Changes the fleet could not hear (made while degraded, or whose script failed) against the
 * fleet's replies: a reply cannot reflect them, so none replaces the entry until a resync replayed
 * them — and the replay says what to send, in the order that gives the same end state.
 */
class RouteEntryTest {
  private static final String R = "provider/model";
  private static final LongUnaryOperator SAME = ms -> ms;
  private static final long COOL_UNTIL = Duration.ofSeconds(5).toNanos();
  private final RouteEntry e = new RouteEntry(HealthSettings.defaults());

  /** The fleet's answer: closed, cooling until {@code coolUntil}, at {@code version}. */
  private static RouteSnapshot cooling(long version, long coolUntil) {
    return new RouteSnapshot(R, version, 0, 0, 0, null, 0, coolUntil, 0, coolUntil, false, 0);
  }

  /** The fleet's answer: closed, its count of consecutive failures running, at {@code version}. */
  private static RouteSnapshot counting(long version) {
    return new RouteSnapshot(R, version, 0, 0, 0, null, 0, 0, 0, 0, true, 0);
  }

  @Test
  void aReplyDoesNotUndoASuccessTheFleetDidNotHear() {
    e.report(Admission.admitted(R), AttemptHealth.BREAKER_FAILURE, 0, true); // counted: reply due
    e.report(Admission.admitted(R), AttemptHealth.SUCCESS, 1, false); // the link was not up

    assertThat(e.apply(counting(1), true, SAME)).isFalse(); // the failure's reply
    assertThat(e.replay(2))
        .isEqualTo(new RouteEntry.Replay(1, null, Change.NONE, true, null, 0, 0, 0));
  }

  /**
   * A success of an attempt admitted before the cooldown and the account state were set (the engine
   * sends nothing to a route while either runs) leaves both running: it tells the fleet nothing
   * about them, and writes nothing.
   */
  @Test
  void aSuccessLeavesACooldownAndAnAccountStateRunningAndWritesNothingForThem() {
    e.coolDown(2 * COOL_UNTIL, 0, true);
    e.accountState(COOL_UNTIL, 0, true);
    assertThat(e.report(Admission.admitted(R), AttemptHealth.SUCCESS, 1, true))
        .isEqualTo(Change.NONE);
    assertThat(e.coolUntil()).isEqualTo(2 * COOL_UNTIL);
    assertThat(e.accountUntil()).isEqualTo(COOL_UNTIL);
    assertThat(e.mark(1).condition()).isEqualTo(RouteCondition.ACCOUNT_STATE);
    assertThat(e.mark(COOL_UNTIL).condition()).isEqualTo(RouteCondition.COOLING_DOWN);
    assertThat(e.mark(2 * COOL_UNTIL)).isNull(); // each ends at its time
  }

  @Test
  void aSuccessLearntWhileDegradedIsReplayedBesideTheCooldownItLeftRunning() {
    e.report(Admission.admitted(R), AttemptHealth.BREAKER_FAILURE, 0, false); // counted
    e.coolDown(COOL_UNTIL, 0, false);
    e.accountState(COOL_UNTIL, 0, false);
    e.report(Admission.admitted(R), AttemptHealth.SUCCESS, 1, false); // ends the count only
    assertThat(e.mark(2).condition()).isEqualTo(RouteCondition.ACCOUNT_STATE);
    assertThat(e.replay(2))
        .isEqualTo(
            new RouteEntry.Replay(4, null, Change.NONE, true, null, COOL_UNTIL, COOL_UNTIL, 0));
  }

  @Test
  void anAccountStateLearntWhileDegradedIsReplayedAsOneNotAsACooldown() {
    e.accountState(COOL_UNTIL, 0, false);
    RouteEntry.Replay r = e.replay(1);
    assertThat(r.accountUntil()).isEqualTo(COOL_UNTIL);
    assertThat(r.coolUntil()).isZero();
    assertThat(e.mark(1).condition()).isEqualTo(RouteCondition.ACCOUNT_STATE);
  }

  @Test
  void aReplayIsConfirmedOnlyWhenNothingWasLearntLocallySinceItWasRead() {
    e.coolDown(COOL_UNTIL, 0, false);
    RouteEntry.Replay first = e.replay(1);
    e.report(Admission.admitted(R), AttemptHealth.BREAKER_FAILURE, 2, false); // meanwhile
    assertThat(e.confirmed(first)).isFalse();
    assertThat(e.localOnly()).isTrue();

    RouteEntry.Replay second = e.replay(3);
    assertThat(second)
        .isEqualTo(new RouteEntry.Replay(2, null, Change.NONE, false, null, COOL_UNTIL, 0, 0));
    assertThat(e.confirmed(second)).isTrue();
    assertThat(e.localOnly()).isFalse();
    assertThat(e.replay(4)).isNull();
    assertThat(e.apply(cooling(3, 0), true, SAME)).isTrue(); // replies are taken again
  }

  /** Opens the breaker here, with nothing sent: the threshold's failures at {@code now}. */
  private void tripLocally(long now) {
    for (int i = 0; i < HealthSettings.defaults().breakerThreshold(); i++) {
      e.report(Admission.admitted(R), AttemptHealth.BREAKER_FAILURE, now, false);
    }
  }

  @Test
  void aBreakerOpenedLocallyIsReplayedWithTheOpenTimeItHasHereNotAFreshOne() {
    long step = HealthSettings.defaults().openInitial().toNanos();
    tripLocally(10);
    assertThat(e.replay(20).trip()).isEqualTo(new RouteEntry.Trip(10 + step, step));
    Admission shed = e.peek(R, 20);
    e.report(shed.panic(), AttemptHealth.SUCCESS, 30, false); // the route answered: it ends now
    assertThat(e.breaker()).isEqualTo(BreakerState.OPEN);
    assertThat(e.replay(40).trip()).isEqualTo(new RouteEntry.Trip(30, step));
  }

  @Test
  void aChangeSentToTheFleetNeedsNoReplayAndItsReplyIsTaken() {
    e.report(Admission.admitted(R), AttemptHealth.BREAKER_FAILURE, 0, true); // counted
    e.coolDown(COOL_UNTIL, 0, true);
    e.report(Admission.admitted(R), AttemptHealth.SUCCESS, 1, true); // the count ends
    assertThat(e.replay(2)).isNull();
    assertThat(e.apply(counting(1), true, SAME)).isFalse(); // two more replies are due
    assertThat(e.apply(cooling(2, COOL_UNTIL), true, SAME)).isFalse();
    assertThat(e.apply(cooling(3, COOL_UNTIL), true, SAME)).isTrue(); // the success's, the last
    assertThat(e.coolUntil()).isEqualTo(COOL_UNTIL);
  }

  @Test
  void aChangeWhoseScriptFailedIsReplayedAsItWas() {
    e.report(Admission.admitted(R), AttemptHealth.SUCCESS, 0, true); // no-op on a clean entry
    e.report(Admission.admitted(R), AttemptHealth.BREAKER_FAILURE, 1, true); // counted
    e.report(Admission.admitted(R), AttemptHealth.SUCCESS, 2, true);
    e.unsent(true, true); // the success's script failed
    assertThat(e.replay(3))
        .isEqualTo(new RouteEntry.Replay(1, null, Change.NONE, true, null, 0, 0, 0));
  }

  @Test
  void anEntryWithAChangeToReplayOrAReplyDueIsNotIdle() {
    e.coolDown(1, 0, false); // a cooldown that is over by now, but not replayed
    assertThat(e.idle(2)).isFalse();
    e.confirmed(e.replay(2));
    assertThat(e.idle(2)).isTrue();
    e.sent();
    assertThat(e.idle(2)).isFalse();
  }

  @Test
  void aProbeReportedAfterItsLeaseExpiredMovesNothingAsInTheInMemoryStore() {
    HealthSettings settings = HealthSettings.defaults();
    long lease = settings.probeLease().toNanos();
    tripLocally(0);
    long due = settings.openInitial().toNanos();
    Admission probe = e.grant(R, due, "token");
    assertThat(probe.kind()).isEqualTo(Admission.Kind.PROBE);

    long late = due + lease + 1;
    assertThat(e.report(probe, AttemptHealth.ABANDONED, late, false)).isEqualTo(Change.NONE);
    assertThat(e.report(probe, AttemptHealth.SUCCESS, late, false)).isEqualTo(Change.NONE);
    assertThat(e.breaker()).isEqualTo(BreakerState.HALF_OPEN);
    assertThat(e.grant(R, late, "next").kind()).isEqualTo(Admission.Kind.PROBE);
  }

  @Test
  void onlyAFailureWhileVolumeIsLowIsCountedForTheFleet() {
    RouteEntry quiet = new RouteEntry(HealthSettings.defaults());
    assertThat(quiet.report(Admission.admitted(R), AttemptHealth.BREAKER_FAILURE, 0, true))
        .isEqualTo(Change.FAIL);
    RouteEntry busy = new RouteEntry(HealthSettings.defaults());
    for (int i = 0; i < 30; i++) {
      busy.report(Admission.admitted(R), AttemptHealth.SUCCESS, i, true);
    }
    // The failure rate decides here: the fleet's consecutive count would be noise.
    assertThat(busy.report(Admission.admitted(R), AttemptHealth.BREAKER_FAILURE, 30, true))
        .isEqualTo(Change.NONE);
  }
}

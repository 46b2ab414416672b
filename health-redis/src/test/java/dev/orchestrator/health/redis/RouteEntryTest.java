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

  @Test
  void aReplyDoesNotUndoASuccessTheFleetDidNotHear() {
    e.coolDown(COOL_UNTIL, 0, true); // sent: the reply is due
    e.report(Admission.admitted(R), AttemptHealth.SUCCESS, 1, false); // the link was not up
    assertThat(e.coolUntil()).isZero();

    assertThat(e.apply(cooling(1, COOL_UNTIL), true, SAME)).isFalse(); // the cooldown's reply
    assertThat(e.coolUntil()).isZero();
    assertThat(e.replay(2))
        .isEqualTo(new RouteEntry.Replay(1, null, Change.NONE, true, null, 0, 0, 0));
  }

  @Test
  void aReplayedSuccessGoesBeforeALaterCooldownSoTheCooldownStays() {
    e.report(Admission.admitted(R), AttemptHealth.BREAKER_FAILURE, 0, false);
    e.coolDown(COOL_UNTIL, 0, false);
    e.report(Admission.admitted(R), AttemptHealth.SUCCESS, 1, false); // ends the cooldown
    e.coolDown(2 * COOL_UNTIL, 2, false); // a new one after it
    RouteEntry.Replay r = e.replay(3);
    assertThat(r.succeed()).isTrue();
    assertThat(r.coolUntil()).isEqualTo(2 * COOL_UNTIL);
    assertThat(r.changes()).isEqualTo(4);
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
    e.report(Admission.admitted(R), AttemptHealth.SUCCESS, 2, false); // while the replay is out
    assertThat(e.confirmed(first)).isFalse();
    assertThat(e.localOnly()).isTrue();

    RouteEntry.Replay second = e.replay(3);
    assertThat(second).isEqualTo(new RouteEntry.Replay(2, null, Change.NONE, true, null, 0, 0, 0));
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
    e.coolDown(COOL_UNTIL, 0, true);
    e.report(Admission.admitted(R), AttemptHealth.SUCCESS, 1, true);
    assertThat(e.replay(2)).isNull();
    assertThat(e.apply(cooling(1, COOL_UNTIL), true, SAME)).isFalse(); // one more reply is due
    assertThat(e.apply(cooling(2, 0), true, SAME)).isTrue(); // the success's reply, the last
    assertThat(e.coolUntil()).isZero();
  }

  @Test
  void aChangeWhoseScriptFailedIsReplayedAsItWas() {
    e.report(Admission.admitted(R), AttemptHealth.SUCCESS, 0, true); // no-op on a clean entry
    e.coolDown(COOL_UNTIL, 0, true);
    e.report(Admission.admitted(R), AttemptHealth.SUCCESS, 1, true);
    e.unsent(true, true); // the success's script failed
    assertThat(e.replay(2))
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

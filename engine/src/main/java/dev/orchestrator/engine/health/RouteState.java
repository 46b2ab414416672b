package dev.orchestrator.engine.health;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * One route's mutable health inside {@link RouteHealthRegistry}: the breaker with its adaptive open
 * time and its owned probe lease, the evidence it opens on, the cooldown, the account state and the
 * retirement (each of those three ends at its time, whatever is reported). Every method is
 * synchronised on the instance; times are ticker nanoseconds.
 */
final class RouteState {
  private final HealthSettings settings;
  private BreakerState breaker = BreakerState.CLOSED;
  private final BreakerEvidence evidence;
  private long openUntil;
  private long openStep;
  private String lease;
  private long leaseUntil;
  private long leaseGranted;
  private long cooldownUntil;
  private long accountUntil;
  private long retiredUntil;
  private long lastFailure = Long.MIN_VALUE;

  RouteState(HealthSettings settings) {
    this.settings = settings;
    this.openStep = settings.openInitial().toNanos();
    this.evidence = new BreakerEvidence(settings);
  }

  /**
   * Admits, grants the probe, or sheds. The open-until time is honoured here, whenever the request
   * planned; a probe whose holder never reported is taken over once its lease has expired.
   */
  synchronized Admission admit(String route, long now, Supplier<String> tokens) {
    switch (breaker) {
      case CLOSED:
        return Admission.admitted(route);
      case OPEN:
        if (openUntil - now > 0) {
          return Admission.shed(route, Duration.ofNanos(openUntil - now));
        }
        move(BreakerState.HALF_OPEN);
        return grantProbe(route, now, tokens);
      case HALF_OPEN:
        if (leaseUntil - now > 0) {
          return Admission.shed(route, Duration.ofNanos(leaseUntil - now));
        }
        // The holder never reported: its lease is void, and this attempt takes the probe.
        return grantProbe(route, now, tokens);
    }
    throw new AssertionError(breaker);
  }

  private Admission grantProbe(String route, long now, Supplier<String> tokens) {
    lease = tokens.get();
    leaseGranted = now;
    leaseUntil = now + settings.probeLease().toNanos();
    return new Admission(route, Admission.Kind.PROBE, lease, Duration.ZERO);
  }

  /** Applies one report. Only the live lease's holder moves an open or half-open breaker. */
  synchronized void report(Admission a, AttemptHealth outcome, long now) {
    boolean holder =
        a.kind() == Admission.Kind.PROBE && a.lease().equals(lease) && leaseUntil - now > 0;
    if (a.kind() == Admission.Kind.PROBE && !holder) {
      // A stale probe (its lease expired, was taken over, or was already reported): the breaker
      // is not its to move. Its failure is still a recent failure of the route.
      if (outcome == AttemptHealth.BREAKER_FAILURE || outcome == AttemptHealth.STREAM_CUT) {
        lastFailure = now;
      }
      return;
    }
    switch (outcome) {
      case SUCCESS -> {
        if (a.kind() == Admission.Kind.PANIC && breaker == BreakerState.OPEN) {
          // A panic-mode answer: the route may be back; the next admission is its probe.
          openUntil = Math.min(openUntil, now);
        }
        success(holder, now);
      }
      case BREAKER_FAILURE -> failure(holder, now, false);
      case STREAM_CUT -> failure(holder, now, true);
      case COOL_DOWN, RETIRE, NEUTRAL, ABANDONED -> {
        if (holder) {
          releaseProbe(now);
        }
      }
    }
  }

  private void success(boolean holder, long now) {
    if (holder) {
      move(BreakerState.CLOSED);
      lease = null;
      openStep = settings.openInitial().toNanos();
    }
    if (breaker == BreakerState.CLOSED) {
      evidence.success(now);
    }
    // An ordinary admission that succeeded while the breaker is open (it was admitted before the
    // breaker opened) does not close it: only the probe's holder does. Nor does a success end a
    // cool-down or an account state: nothing is sent to a route while either runs, so the attempt
    // was admitted before it was set, and its answer says nothing about the provider's word. Both
    // end at their time (ADR 0007, addendum of 2026-12-07).
  }

  private void failure(boolean holder, long now, boolean cut) {
    lastFailure = now;
    if (holder) {
      // The probe failed: re-open, and wait twice as long (capped, so that a route back from a
      // long outage is used again within seconds) before the next probe. The open time counts
      // from the probe's grant, so the probe's own time is part of it: a probe that waited out
      // a silent route's time limit is followed by the next one after max(its time, the step),
      // not after both (ADR 0007, addendum of 2026-12-08).
      move(BreakerState.OPEN);
      lease = null;
      openStep = Math.min(openStep * 2, settings.openMax().toNanos());
      long until = leaseGranted + openStep;
      openUntil = until - now > 0 ? until : now;
      return;
    }
    if (breaker != BreakerState.CLOSED) {
      return;
    }
    if (evidence.failure(now, cut)) {
      move(BreakerState.OPEN);
      openStep = settings.openInitial().toNanos();
      openUntil = now + openStep;
      evidence.reset();
    }
  }

  /** The holder sent nothing or learnt nothing: the next attempt may probe at once. */
  private void releaseProbe(long now) {
    move(BreakerState.OPEN);
    lease = null;
    openUntil = now;
  }

  synchronized void coolDown(long until, long now) {
    lastFailure = now;
    cooldownUntil = Math.max(cooldownUntil, until);
  }

  synchronized void accountState(long until, long now) {
    lastFailure = now;
    accountUntil = Math.max(accountUntil, until);
  }

  synchronized void retire(long until, long now) {
    lastFailure = now;
    retiredUntil = Math.max(retiredUntil, until);
  }

  synchronized BreakerState breaker() {
    return breaker;
  }

  synchronized long cooldownUntil() {
    return cooldownUntil;
  }

  synchronized long accountUntil() {
    return accountUntil;
  }

  synchronized long retiredUntil() {
    return retiredUntil;
  }

  /** Whether a probe lease is live now (for tests and diagnostics). */
  synchronized boolean probeInFlight(long now) {
    return breaker == BreakerState.HALF_OPEN && leaseUntil - now > 0;
  }

  /** The planner's view: the condition now, or {@code null} when the route may be tried. */
  synchronized HealthMark mark(long now) {
    if (retiredUntil - now > 0) {
      return new HealthMark(RouteCondition.RETIRED, retiredUntil, lastFailure);
    }
    if (accountUntil - now > 0) {
      return new HealthMark(RouteCondition.ACCOUNT_STATE, accountUntil, lastFailure);
    }
    if (cooldownUntil - now > 0) {
      return new HealthMark(RouteCondition.COOLING_DOWN, cooldownUntil, lastFailure);
    }
    if (breaker == BreakerState.OPEN && openUntil - now > 0) {
      return new HealthMark(RouteCondition.CIRCUIT_OPEN, openUntil, lastFailure);
    }
    if (probeInFlight(now)) {
      return new HealthMark(RouteCondition.CIRCUIT_OPEN, leaseUntil, lastFailure);
    }
    return null;
  }

  private void move(BreakerState next) {
    if (!breaker.canTransitionTo(next)) {
      throw new IllegalStateException("breaker: " + breaker + " -> " + next + " is not legal");
    }
    breaker = next;
  }
}

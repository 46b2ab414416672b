package dev.orchestrator.health.redis;

import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.BreakerEvidence;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.RouteCondition;
import java.time.Duration;
import java.util.function.LongUnaryOperator;

/**
 * One route in the local view: the fleet's state as last pushed or read (converted to ticker
 * nanoseconds), changed in place by this process's own reports, plus this process's own evidence
 * ({@link BreakerEvidence}: the failure rate over its window, and its consecutive failures and
 * stream cuts). While this process's window holds too few calls for the rate to decide, its
 * failures are counted for the fleet too, in Redis: whichever count reaches the threshold first
 * opens the breaker (ADR 0021). The fleet's count is of consecutive failures: the snapshot says
 * while it runs, and this process's next success then ends it, whoever counted. The transitions are
 * those of the in-memory store, so a degraded process behaves exactly like one without Redis.
 *
 * <p>Each change is either sent as a script (counted as pending in the same step, so no reply can
 * overtake it) or <em>local only</em> (the fleet could not hear it: degraded, or its script
 * failed). A reply cannot reflect a local-only change, so while one is unreplayed no reply replaces
 * the entry; a resync replays it ({@link #replay}) and {@link #confirmed} ends it if nothing new
 * was learnt locally meanwhile. Every method is synchronised on the instance.
 */
final class RouteEntry {
  private final HealthSettings settings;
  private long version = -1;
  private boolean dirty;
  private boolean localOnly;
  private long localChanges;
  private boolean succeededLocally;
  private int pending;
  private boolean claimed;
  private RouteSnapshot held;
  private boolean opened;
  private boolean contributed;
  private boolean fleetCounting;
  private String unheardLease;
  private Change unheardLeaseChange;
  private boolean open;
  private long openUntil;
  private long step;
  private String lease;
  private long leaseUntil;
  private long coolUntil;
  private long accountUntil;
  private long retiredUntil;
  private long lastFailure = Long.MIN_VALUE;
  private final BreakerEvidence evidence;

  RouteEntry(HealthSettings settings) {
    this.settings = settings;
    this.step = settings.openInitial().toNanos();
    this.evidence = new BreakerEvidence(settings);
  }

  /**
   * The admission when it needs no decision by the fleet: admitted on a closed breaker, shed while
   * open or while a live probe is out; {@code null} when a probe is due.
   */
  synchronized Admission peek(String route, long now) {
    if (!open) {
      return Admission.admitted(route);
    }
    if (lease == null && openUntil - now > 0) {
      return Admission.shed(route, Duration.ofNanos(openUntil - now));
    }
    if (lease != null && leaseUntil - now > 0) {
      return Admission.shed(route, Duration.ofNanos(leaseUntil - now));
    }
    return null;
  }

  /** Grants the probe locally (degraded, or a single process): {@code token} holds the lease. */
  synchronized Admission grant(String route, long now, String token) {
    Admission a = peek(route, now);
    if (a != null) {
      return a;
    }
    lease = token;
    leaseUntil = now + settings.probeLease().toNanos();
    dirty = true;
    learntLocally();
    return new Admission(route, Admission.Kind.PROBE, token, Duration.ZERO);
  }

  /**
   * Applies one report exactly as the in-memory store does, and says what changed.
   *
   * @param sending whether a change is sent to the fleet (counted as pending now); else it is local
   *     only
   */
  synchronized Change report(Admission a, AttemptHealth outcome, long now, boolean sending) {
    boolean probe = a.kind() == Admission.Kind.PROBE;
    // The lease's holder only while it lives (Redis lets the lease key expire the same way).
    boolean holder = probe && a.lease().equals(lease) && leaseUntil - now > 0;
    boolean failure =
        outcome == AttemptHealth.BREAKER_FAILURE || outcome == AttemptHealth.STREAM_CUT;
    if (probe && !holder) {
      if (failure) {
        lastFailure = now;
      }
      return Change.NONE;
    }
    Change c =
        switch (outcome) {
          case SUCCESS ->
              a.kind() == Admission.Kind.PANIC && open && openUntil - now > 0
                  ? hasten(now)
                  : success(holder, now);
          case BREAKER_FAILURE -> failure(holder, now, false);
          case STREAM_CUT -> failure(holder, now, true);
          case COOL_DOWN, RETIRE, NEUTRAL, ABANDONED -> holder ? release(now) : Change.NONE;
        };
    if (c != Change.NONE) {
      if (c == Change.SUCCEED) {
        succeededLocally = !sending; // a success sent now also covers an earlier local one
      }
      if (holder && !sending) {
        leaseUnheard(a.lease(), c);
      }
      changed(sending);
    }
    return c;
  }

  /** A change was made: counted as pending when it is sent, else remembered as local only. */
  private void changed(boolean sending) {
    dirty = true;
    if (sending) {
      pending++;
    } else {
      learntLocally();
    }
  }

  private void learntLocally() {
    localOnly = true;
    localChanges++;
  }

  /** A panic-mode answer while open: the route may be back, its probe is due now. */
  private Change hasten(long now) {
    openUntil = now;
    return Change.HASTEN;
  }

  private Change success(boolean holder, long now) {
    Change c = Change.NONE;
    if (holder) {
      open = false;
      lease = null;
      step = settings.openInitial().toNanos();
      c = Change.CLOSE;
    }
    if (!open) {
      // The fleet's counts start again (whichever process counted them: they count consecutive
      // failures). A cooldown or an account state runs on to its end, as in the in-memory store.
      if ((contributed || fleetCounting) && c == Change.NONE) {
        c = Change.SUCCEED;
      }
      evidence.success(now);
      contributed = false;
      fleetCounting = false;
    }
    return c;
  }

  private Change failure(boolean holder, long now, boolean cut) {
    lastFailure = now;
    if (holder) {
      lease = null;
      step = Math.min(step * 2, settings.openMax().toNanos());
      // From the probe's grant (its lease's end less the lease), as the in-memory store and
      // reopen.lua count it: a probe that waited out a silent route's limit is followed by the
      // next one after the longer of its own time and the step (ADR 0007).
      long until = leaseUntil - settings.probeLease().toNanos() + step;
      openUntil = until - now > 0 ? until : now;
      opened = true;
      return Change.REOPEN;
    }
    if (open) {
      return Change.NONE;
    }
    if (!evidence.failure(now, cut)) {
      if (!evidence.lowVolume(now)) {
        return Change.NONE; // the failure rate decides: no consecutive count for the fleet
      }
      // Counted for the fleet too: the fleet's count may reach the threshold first.
      contributed = true;
      return cut ? Change.CUT : Change.FAIL;
    }
    open = true;
    opened = true;
    step = settings.openInitial().toNanos();
    openUntil = now + step;
    evidence.reset();
    contributed = false;
    return Change.TRIP;
  }

  private Change release(long now) {
    lease = null;
    openUntil = now;
    return Change.RELEASE;
  }

  /**
   * Cools down until {@code until}; {@code true} when that lengthened the cooldown (sent to the
   * fleet when {@code sending}, else local only).
   */
  synchronized boolean coolDown(long until, long now, boolean sending) {
    boolean longer = coolUntil == 0 || coolUntil - until < 0;
    if (longer) {
      coolUntil = until;
    }
    return failedAt(now, longer, sending);
  }

  /**
   * Holds the route out for an account state until {@code until}; {@code true} when that lengthened
   * it (sent to the fleet when {@code sending}, else local only).
   */
  synchronized boolean accountState(long until, long now, boolean sending) {
    boolean longer = accountUntil == 0 || accountUntil - until < 0;
    if (longer) {
      accountUntil = until;
    }
    return failedAt(now, longer, sending);
  }

  /**
   * Retires until {@code until}; {@code true} when that lengthened the retirement (sent to the
   * fleet when {@code sending}, else local only).
   */
  synchronized boolean retire(long until, long now, boolean sending) {
    boolean longer = retiredUntil == 0 || retiredUntil - until < 0;
    if (longer) {
      retiredUntil = until;
    }
    return failedAt(now, longer, sending);
  }

  /** Notes a failure at {@code now}; a {@code longer} deadline is a change. */
  private boolean failedAt(long now, boolean longer, boolean sending) {
    lastFailure = now;
    if (longer) {
      changed(sending);
    }
    return longer;
  }

  /** This process took the fleet's probe with {@code token}, its lease running until then. */
  synchronized void hold(String token, long leaseUntilNanos) {
    open = true;
    lease = token;
    leaseUntil = leaseUntilNanos;
  }

  /** A script about this route that changes nothing here was sent; its reply will follow. */
  synchronized void sent() {
    pending++;
  }

  /**
   * A sent script failed: no reply will come, and the change it carried (if any) is local only.
   *
   * @param change whether the script carried a change of this process
   * @param success whether that change was a success (replayed as one)
   */
  synchronized void unsent(boolean change, boolean success) {
    unsent(change, success, null, Change.NONE);
  }

  /**
   * A sent script failed, as {@link #unsent(boolean, boolean)}; when it was a probe's outcome
   * ({@code leaseChange} {@link Change#CLOSE}, {@link Change#REOPEN} or {@link Change#RELEASE} of
   * the lease {@code lease}), that outcome is replayed with its token.
   */
  synchronized void unsent(boolean change, boolean success, String lease, Change leaseChange) {
    unsent0(change, success);
    if (change && lease != null) {
      leaseUnheard(lease, leaseChange);
    }
  }

  private void unsent0(boolean change, boolean success) {
    pending = Math.max(0, pending - 1);
    if (change) {
      succeededLocally |= success;
      learntLocally();
    }
  }

  /**
   * The outcome of the probe holding {@code token} was not heard by the fleet. The fleet may hold
   * that very lease (a probe script that timed out here still runs when Redis answers again): the
   * outcome is replayed with the token, or the fleet would shed the route until the lease expires.
   */
  private void leaseUnheard(String token, Change c) {
    if (c == Change.CLOSE || c == Change.REOPEN || c == Change.RELEASE) {
      unheardLease = token;
      unheardLeaseChange = c;
    }
  }

  /**
   * What a resync replays to the fleet for the local-only changes, read in one step; {@code null}
   * when there are none.
   */
  synchronized Replay replay(long now) {
    if (!localOnly) {
      return null;
    }
    return new Replay(
        localChanges,
        unheardLease,
        unheardLease == null ? Change.NONE : unheardLeaseChange,
        succeededLocally && !open,
        opened && open ? new Trip(openUntil, step) : null,
        coolUntil != 0 && coolUntil - now > 0 ? coolUntil : 0,
        accountUntil != 0 && accountUntil - now > 0 ? accountUntil : 0,
        retiredUntil != 0 && retiredUntil - now > 0 ? retiredUntil : 0);
  }

  /**
   * The replay read as {@code replay} reached the fleet: the local-only changes are over unless
   * more were made since. A breaker this process opened is the fleet's from here.
   *
   * @return whether they are over
   */
  synchronized boolean confirmed(Replay replay) {
    if (localChanges != replay.changes()) {
      return false;
    }
    localOnly = false;
    succeededLocally = false;
    unheardLease = null;
    unheardLeaseChange = null;
    opened = false;
    dirty = false;
    return true;
  }

  /** Whether changes made while the fleet could not hear them wait for a replay. */
  synchronized boolean localOnly() {
    return localOnly;
  }

  /**
   * What to replay: the outcome of a probe the fleet did not hear, with its lease token, first (the
   * fleet may hold that lease); then a success (it ends the fleet's counts), then the breaker this
   * process opened (with the open time it has here, not a fresh one), then the cooldown, account
   * state and retirement still running (ticker times; zero: none).
   *
   * @param changes the count of local-only changes it covers
   * @param lease the token of the probe whose outcome the fleet did not hear, or {@code null}
   * @param leaseChange that outcome ({@link Change#CLOSE}, {@link Change#REOPEN} or {@link
   *     Change#RELEASE}); {@link Change#NONE} when {@code lease} is {@code null}
   * @param trip the breaker this process opened, as it stands here, or {@code null}
   */
  record Replay(
      long changes,
      String lease,
      Change leaseChange,
      boolean succeed,
      Trip trip,
      long coolUntil,
      long accountUntil,
      long retiredUntil) {}

  /**
   * A breaker this process opened while the fleet could not hear it, as it stands here: its open
   * time ends at {@code openUntil} (ticker time; a panic-mode answer may have ended it already) and
   * its open step is {@code step} (nanoseconds; a failed probe may have doubled it).
   */
  record Trip(long openUntil, long step) {}

  /**
   * Takes the fleet's state. While scripts of this process about the route are in flight, nothing
   * replaces the entry: its local changes are newer than any reply but the last, and a pushed
   * snapshot is held back (the newest one) until then. The last reply ({@code authoritative}: it
   * saw all of this process's earlier scripts) replaces the entry when it is not older; so does a
   * push that is newer, or as new when the entry holds no change the fleet has not confirmed. A
   * version-zero snapshot (nothing left in Redis) counts as "as new". A push held back that is
   * newer than the last reply is taken after it. The local evidence survives, but resets when the
   * fleet opened the breaker (as a local trip resets it).
   *
   * @param authoritative whether this is the reply to a script this process sent
   * @param toTicker converts a wall-clock millisecond time to ticker nanoseconds
   * @return whether the snapshot was taken
   */
  synchronized boolean apply(RouteSnapshot s, boolean authoritative, LongUnaryOperator toTicker) {
    if (authoritative) {
      pending = Math.max(0, pending - 1);
    }
    if (pending > 0) {
      if (!authoritative && (held == null || s.version() > held.version())) {
        held = s;
      }
      return false;
    }
    boolean taken = take(s, authoritative, toTicker);
    RouteSnapshot later = held;
    held = null;
    if (later != null && later.version() > version) {
      take(later, false, toTicker);
    }
    return taken;
  }

  private boolean take(RouteSnapshot s, boolean authoritative, LongUnaryOperator toTicker) {
    if (authoritative && localOnly) {
      return false; // the reply cannot reflect what the fleet did not hear: replayed first
    }
    boolean settled = authoritative || !dirty;
    boolean newer =
        s.version() == 0 ? settled : s.version() > version || (s.version() == version && settled);
    if (!newer) {
      return false;
    }
    if (s.open() && !open) {
      evidence.reset();
      contributed = false;
    }
    fleetCounting = s.counting();
    version = s.version();
    dirty = false;
    opened = false;
    open = s.open();
    openUntil = open ? toTicker.applyAsLong(s.openUntil()) : 0;
    step = s.step() > 0 ? Duration.ofMillis(s.step()).toNanos() : settings.openInitial().toNanos();
    lease = s.lease();
    leaseUntil = lease == null ? 0 : toTicker.applyAsLong(s.leaseUntil());
    coolUntil = s.coolUntil() == 0 ? 0 : toTicker.applyAsLong(s.coolUntil());
    accountUntil = s.accountUntil() == 0 ? 0 : toTicker.applyAsLong(s.accountUntil());
    retiredUntil = s.retiredUntil() == 0 ? 0 : toTicker.applyAsLong(s.retiredUntil());
    if (s.lastFailure() != 0) {
      lastFailure = toTicker.applyAsLong(s.lastFailure());
    }
    return true;
  }

  /** Handed out for a change: {@link #idle} answers no once, whatever the state. */
  synchronized void claim() {
    claimed = true;
  }

  /**
   * Whether nothing is left to remember: closed, no change unconfirmed or unreplayed, no reply due,
   * every condition over, and not claimed since the last call.
   */
  synchronized boolean idle(long now) {
    if (claimed) {
      claimed = false;
      return false;
    }
    return !open
        && !dirty
        && !localOnly
        && pending == 0
        && evidence.empty(now)
        && (coolUntil == 0 || coolUntil - now <= 0)
        && (accountUntil == 0 || accountUntil - now <= 0)
        && (retiredUntil == 0 || retiredUntil - now <= 0);
  }

  synchronized BreakerState breaker() {
    if (!open) {
      return BreakerState.CLOSED;
    }
    return lease == null ? BreakerState.OPEN : BreakerState.HALF_OPEN;
  }

  /** Ticker time the cooldown ends (zero: none). */
  synchronized long coolUntil() {
    return coolUntil;
  }

  /** Ticker time the account state ends (zero: none). */
  synchronized long accountUntil() {
    return accountUntil;
  }

  /** Ticker time the retirement ends (zero: none). */
  synchronized long retiredUntil() {
    return retiredUntil;
  }

  /** Ticker time the open time ends, or zero when closed. */
  synchronized long openUntil() {
    return open ? openUntil : 0;
  }

  /**
   * The planner's view, as the in-memory store gives it; {@code null} when the route may be tried.
   */
  synchronized HealthMark mark(long now) {
    if (retiredUntil != 0 && retiredUntil - now > 0) {
      return new HealthMark(RouteCondition.RETIRED, retiredUntil, lastFailure);
    }
    if (accountUntil != 0 && accountUntil - now > 0) {
      return new HealthMark(RouteCondition.ACCOUNT_STATE, accountUntil, lastFailure);
    }
    if (coolUntil != 0 && coolUntil - now > 0) {
      return new HealthMark(RouteCondition.COOLING_DOWN, coolUntil, lastFailure);
    }
    if (open && lease == null && openUntil - now > 0) {
      return new HealthMark(RouteCondition.CIRCUIT_OPEN, openUntil, lastFailure);
    }
    if (open && lease != null && leaseUntil - now > 0) {
      return new HealthMark(RouteCondition.CIRCUIT_OPEN, leaseUntil, lastFailure);
    }
    return null;
  }
}

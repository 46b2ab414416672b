package dev.orchestrator.engine;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.cost.CostCalculator;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.HealthView;
import dev.orchestrator.engine.health.KeyBook;
import dev.orchestrator.engine.health.RouteCondition;
import dev.orchestrator.engine.internal.AttemptPath;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.MissingCredentials;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.spi.Cancellation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What one request has done so far — its plan, attempts, the routes tried and shed, the deadline —
 * and the one {@link OrchestratorException} each way of ending maps to (ADR 0005). Not thread-safe:
 * one instance per request, on the request's thread.
 */
final class RunRecord {
  private final Ticker ticker;
  private final Sleeper sleeper;
  private final HealthView health;
  private final Consumer<AttemptRecord> onAttempt;
  private final Duration retryAfterCap;
  private final long start;
  private final Duration deadline;
  private final long deadlineAt;
  private final List<AttemptRecord> attempts = new ArrayList<>();
  private final Map<String, Integer> perRoute = new HashMap<>();
  private final Set<String> tried = new LinkedHashSet<>();
  private final Map<String, Duration> shed = new LinkedHashMap<>();
  private final Map<String, String> limited = new LinkedHashMap<>();
  private final Map<String, Duration> limitedIn = new LinkedHashMap<>();
  // routes not sent to for an account state (theirs, or every key's), with what held each
  private final Map<String, String> refused = new LinkedHashMap<>();
  // routes planned but not sent to because they cool down for a wait their provider gave
  private final Set<String> cooled = new LinkedHashSet<>();
  private final Set<FailureCategory> seen = EnumSet.noneOf(FailureCategory.class);
  private final Plan plan;
  private final ChatRequest request;
  private final Catalog catalog;
  private ProviderFailure unavailable;
  // per route, when the Retry-After its latest rate-limited attempt asked for ends (ticker nanos)
  private final Map<String, Long> askedUntil = new HashMap<>();
  private boolean continuing;
  private boolean panic;

  /**
   * The record of {@code request}, planned as {@code plan} from {@code catalog}, started at {@code
   * start} (ticker nanos).
   */
  RunRecord(
      ChatRequest request,
      Plan plan,
      Catalog catalog,
      long start,
      Ticker ticker,
      Sleeper sleeper,
      HealthView health,
      Duration deadline,
      Duration retryAfterCap,
      Consumer<AttemptRecord> onAttempt) {
    this.request = request;
    this.plan = plan;
    this.catalog = catalog;
    this.ticker = ticker;
    this.sleeper = sleeper;
    this.health = health;
    this.onAttempt = onAttempt;
    this.retryAfterCap = retryAfterCap;
    this.start = start;
    this.deadline = deadline;
    this.deadlineAt = start + Math.max(0, deadline.toNanos());
  }

  Plan plan() {
    return plan;
  }

  /** From now on, attempts continue a cut stream from its partial answer. */
  void continuing() {
    continuing = true;
  }

  /** The request runs in panic mode (docs/design.md §5). */
  void panic() {
    panic = true;
  }

  /** The 1-based number of the next attempt on {@code route}. */
  int nextAttempt(String route) {
    return perRoute.merge(route, 1, Integer::sum);
  }

  void tried(String route) {
    tried.add(route);
  }

  /** Whether an attempt of this request has been sent to {@code route}. */
  boolean wasTried(String route) {
    return tried.contains(route);
  }

  /** Whether this request has sent any attempt yet. */
  boolean triedAny() {
    return !tried.isEmpty();
  }

  /** The route was not dispatched: its breaker is open, the next probe is due in {@code in}. */
  void shed(String route, Duration in) {
    shed.merge(route, in, (a, b) -> a.compareTo(b) <= 0 ? a : b);
  }

  /** The route could not be called at all (no client for its provider). */
  void unavailable(ProviderFailure f) {
    unavailable = f;
  }

  long remainingNanos() {
    return deadlineAt - ticker.read();
  }

  /** Whether a wait of {@code delayNanos} still leaves time before the deadline. */
  boolean fits(long delayNanos) {
    return ticker.read() + delayNanos < deadlineAt;
  }

  void pause(long nanos, Cancellation cancel) {
    if (nanos <= 0) {
      return;
    }
    try {
      sleeper.sleep(nanos, cancel);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      cancel.cancel();
    }
    checkCancelledAndDeadline(cancel);
  }

  void checkCancelledAndDeadline(Cancellation cancel) {
    if (cancel.isCancelled()) {
      throw error(OrchestratorException.Type.CANCELLED, "the request was cancelled", null, null);
    }
    if (ticker.read() >= deadlineAt) {
      throw deadlineExceeded();
    }
  }

  /** The deadline ran out; the message names the deadline this request actually had. */
  OrchestratorException deadlineExceeded() {
    return error(
        OrchestratorException.Type.DEADLINE_EXCEEDED,
        "deadline of "
            + deadline.toMillis()
            + " ms exceeded after "
            + attempts.size()
            + " attempt(s)",
        lastFailure(),
        null);
  }

  void success(String route, int n, Duration latency, int skippedEvents, String key) {
    add(AttemptRecord.succeeded(route, n, latency, skippedEvents, continuing, key));
  }

  void attempt(String route, int n, AttemptPath.Sent a, Decision d, Duration delay) {
    ProviderFailure f = a.failure();
    seen.add(f.category());
    if (f.category() == FailureCategory.RATE_LIMITED && f.retryAfter() != null) {
      askedUntil.put(route, ticker.read() + capped(f.retryAfter()).toNanos());
    }
    add(
        AttemptRecord.failed(
            route, n, f, d, delay, a.latency(), continuing, a.key(), a.localTimeout()));
  }

  /**
   * The route was not sent to because every key of its provider is {@code out} (its reason: one
   * clause per key): until its {@code retryIn}, or — every key held for an account state — with
   * nothing to wait for (docs/design.md §5).
   */
  void limited(String route, KeyBook.Choice out) {
    String line = route + ": " + out.reason();
    limited.put(route, line);
    if (out.refused()) {
      refused.put(route, line);
      limitedIn.remove(route);
    } else {
      refused.remove(route);
      limitedIn.merge(route, out.retryIn(), (a, b) -> a.compareTo(b) <= 0 ? a : b);
    }
  }

  /** The route was not sent to: it is held for an account state (docs/design.md §5). */
  void refused(String route) {
    refused.putIfAbsent(route, route);
  }

  /**
   * The route was not sent to: it cools down for a wait its provider gave (set since the plan, or
   * kept by panic mode), so the request's refusal names that wait.
   */
  void cooling(String route) {
    cooled.add(route);
  }

  private void add(AttemptRecord a) {
    attempts.add(a);
    onAttempt.accept(a);
  }

  /**
   * The answer of {@code target}'s route, whose client adapted the request's history as {@code
   * adapted} says (docs/design.md §13).
   */
  ChatResult result(AttemptPath.Target target, ChatResponse resp, List<String> adapted) {
    return new ChatResult(resp, target.routeId(), trace(target, resp, adapted));
  }

  /** The trace so far, no route having answered. */
  Trace trace() {
    return trace(null, null, List.of());
  }

  /** The trace; with the serving route's usage, cost and history adaptations once one answered. */
  private Trace trace(AttemptPath.Target target, ChatResponse resp, List<String> adapted) {
    Usage usage = resp == null ? null : resp.usage();
    Route serving = target == null ? null : target.route();
    return new Trace(
        plan,
        attempts,
        target == null ? null : target.routeId(),
        usage,
        Duration.ofNanos(ticker.read() - start),
        serving == null ? null : CostCalculator.cost(serving, usage),
        panic,
        serving == null
            ? List.of()
            : catalog
                .provider(serving.provider())
                .map(p -> request.droppedFor(p.protocol()))
                .orElse(List.of()),
        adapted,
        List.copyOf(limited.values()));
  }

  private ProviderFailure lastFailure() {
    for (int i = attempts.size() - 1; i >= 0; i--) {
      if (attempts.get(i).failure() != null) {
        return attempts.get(i).failure();
      }
    }
    return unavailable;
  }

  /** The request's error; a {@code Retry-After} handed on is never longer than the cap. */
  private OrchestratorException error(
      OrchestratorException.Type type, String msg, ProviderFailure f, Duration retryAfter) {
    return new OrchestratorException(
        type, msg, f, trace(), retryAfter == null ? null : capped(retryAfter));
  }

  /**
   * The outcome listeners see when {@code e}, not an {@link OrchestratorException}, ends the
   * request: {@link OrchestratorException.Type#MODEL_NOT_FOUND} for an unknown model, else {@link
   * OrchestratorException.Type#INTERNAL_ERROR}; {@code e} is the cause.
   */
  OrchestratorException foreignExit(RuntimeException e) {
    return foreignExit(e, trace());
  }

  /**
   * As {@link #foreignExit(RuntimeException)}, for an exit before the plan: {@code trace} so far.
   */
  static OrchestratorException foreignExit(RuntimeException e, Trace trace) {
    OrchestratorException.Type type =
        e instanceof UnknownModelException
            ? OrchestratorException.Type.MODEL_NOT_FOUND
            : OrchestratorException.Type.INTERNAL_ERROR;
    OrchestratorException outcome =
        new OrchestratorException(type, e.getMessage(), null, trace, null);
    outcome.initCause(e);
    return outcome;
  }

  /** A terminal failure of {@code route}: handed back as itself. */
  OrchestratorException stopped(String route, ProviderFailure f) {
    return switch (f.category()) {
      case STREAM_INTERRUPTED ->
          error(
              OrchestratorException.Type.STREAM_INTERRUPTED,
              "stream interrupted after output on " + route + ": " + f.message(),
              f,
              null);
      case TOOL_EXECUTION_STOPPED ->
          error(OrchestratorException.Type.TOOL_EXECUTION_STOPPED, f.message(), f, null);
      case CANCELLED ->
          error(OrchestratorException.Type.CANCELLED, "the request was cancelled", f, null);
      default -> error(OrchestratorException.Type.REQUEST_REJECTED, f.message(), f, null);
    };
  }

  /** Nothing more to try. */
  OrchestratorException exhausted() {
    ProviderFailure last = lastFailure();
    if (last == null) {
      if (shed.isEmpty() && !limitedIn.isEmpty()) {
        return allLimited();
      }
      return shed.isEmpty() ? noCandidates() : allShed();
    }
    boolean allSize = true;
    boolean allRateLimited = true;
    for (FailureCategory c : seen) {
      allSize &=
          c == FailureCategory.CONTEXT_LENGTH_EXCEEDED || c == FailureCategory.REQUEST_TOO_LARGE;
      allRateLimited &= c == FailureCategory.RATE_LIMITED;
    }
    if (allSize && !seen.isEmpty()) {
      return error(
          OrchestratorException.Type.REQUEST_TOO_LARGE,
          "request too large for every candidate tried (" + tried.size() + "): " + last.message(),
          last,
          null);
    }
    boolean sameModel = tried.size() == 1 || plan.pool() == PoolKind.GROUP;
    if (allRateLimited && !seen.isEmpty() && sameModel) {
      // A single route or a group, rate limited throughout: the upstream's own 429 and its wait.
      Duration wait = last.retryAfter() != null ? capped(last.retryAfter()) : earliestCooldown();
      return error(
          OrchestratorException.Type.RATE_LIMITED,
          String.join(", ", tried)
              + " rate limited"
              + (wait == null ? "" : "; retry in " + wait.toMillis() + " ms"),
          last,
          wait);
    }
    if (tried.size() == 1) {
      String route = tried.iterator().next();
      if (settled4xx(last)) {
        return error(OrchestratorException.Type.REQUEST_REJECTED, last.message(), last, null);
      }
      return error(
          OrchestratorException.Type.BACKEND_UNAVAILABLE,
          route + " failed: " + describe(last) + leftOut(),
          last,
          null);
    }
    if (allRateLimited && !seen.isEmpty()) {
      // every candidate tried said to slow down: the earliest wait, whether it cooled a route or
      // was shorter than a cool-down (a client told 429 + Retry-After backs off; a 502 it re-sends)
      Duration earliest = earliest(earliestCooldown(), askedWait());
      if (earliest != null) {
        return error(
            OrchestratorException.Type.RATE_LIMITED,
            "every candidate is rate limited; earliest retry in " + earliest.toMillis() + " ms",
            last,
            earliest);
      }
    }
    return error(
        OrchestratorException.Type.CANDIDATES_EXHAUSTED,
        tried.size() + " candidates failed; last: " + describe(last) + leftOut(),
        last,
        null);
  }

  /**
   * What the plan and the loop left out that the caller can fix — routes without a key (or a base
   * URL), routes whose account was refused: a failure of the routes that remain must not look like
   * failover that did not happen.
   */
  private String leftOut() {
    return leftOutForKeys() + refusedNote();
  }

  /**
   * The routes left out for an account state (excluded by the plan, or found so when the request
   * came to them), with the reason to check their keys; empty when none. No wait is suggested: no
   * provider said when such a state ends (docs/design.md §5).
   */
  private String refusedNote() {
    List<String> who = new ArrayList<>();
    for (Exclusion x : plan.excluded()) {
      if (x.reason() == ExclusionReason.ACCOUNT_STATE && !refused.containsKey(x.route())) {
        who.add(x.route());
      }
    }
    who.addAll(refused.values());
    if (who.isEmpty()) {
      return "";
    }
    boolean one = who.size() == 1;
    return "; "
        + (one ? "its provider" : "their providers")
        + " refused the account (auth, permission or a quota with no reset time): check the "
        + (one ? "key of " : "keys of ")
        + String.join(", ", who);
  }

  /**
   * When the plan left routes out for want of a key (or a base URL), what to set to let the request
   * try them.
   */
  private String leftOutForKeys() {
    List<MissingCredentials.Missing> missing =
        MissingCredentials.excludedIn(catalog, plan.excluded());
    int routes = 0;
    for (MissingCredentials.Missing m : missing) {
      routes += m.routes();
    }
    return routes == 0
        ? ""
        : "; "
            + routes
            + (routes == 1 ? " route was" : " routes were")
            + " left out without "
            + MissingCredentials.lacking(missing)
            + ": "
            + MissingCredentials.hint(missing);
  }

  /** Every candidate was shed while its breaker is open: say when the next probe is due. */
  private OrchestratorException allShed() {
    Duration next = null;
    for (Duration d : shed.values()) {
      next = next == null || d.compareTo(next) < 0 ? d : next;
    }
    String who =
        shed.size() == 1
            ? shed.keySet().iterator().next() + " is unavailable: its circuit is open"
            : "every candidate's circuit is open (" + shed.size() + ")";
    return error(
        OrchestratorException.Type.BACKEND_UNAVAILABLE,
        who + " after repeated failures; next probe in " + next.toMillis() + " ms" + leftOut(),
        null,
        next);
  }

  /**
   * Every candidate was held back because its provider's keys are out, at least one for a wait its
   * provider gave: rate limited, with the earliest time such a key returns — nothing was sent that
   * would have been refused.
   */
  private OrchestratorException allLimited() {
    Duration next = null;
    for (Duration d : limitedIn.values()) {
      next = next == null || d.compareTo(next) < 0 ? d : next;
    }
    return error(
        OrchestratorException.Type.RATE_LIMITED,
        "every candidate's keys are at their limits ("
            + String.join("; ", limited.values())
            + "); earliest retry in "
            + next.toMillis()
            + " ms"
            + refusedNote(),
        null,
        next);
  }

  OrchestratorException noCandidates() {
    boolean cooling = !cooled.isEmpty();
    Map<ExclusionReason, Integer> counts = new EnumMap<>(ExclusionReason.class);
    for (Exclusion x : plan.excluded()) {
      counts.merge(x.reason(), 1, Integer::sum);
      cooling |= x.reason() == ExclusionReason.COOLING_DOWN;
    }
    Duration earliest = cooling ? earliestCooldown() : null;
    // Routes held for an account state are named, never waited for: no provider said when it ends.
    String refusedNote = refusedNote();
    if (earliest != null) {
      return error(
          OrchestratorException.Type.RATE_LIMITED,
          "every candidate of "
              + plan.model()
              + (refusedNote.isEmpty() ? " is cooling down" : " is cooling down or refused")
              + "; earliest retry in "
              + earliest.toMillis()
              + " ms"
              + refusedNote,
          null,
          earliest);
    }
    StringBuilder why = new StringBuilder();
    // by the library's names, so an account state reads apart from a timed cool-down
    counts.forEach(
        (k, v) ->
            why.append(why.length() == 0 ? "" : ", ")
                .append(v)
                .append(' ')
                .append(k.name().toLowerCase(Locale.ROOT)));
    // The one thing a new user can fix at once: name the variables that would enable routes.
    String keys = MissingCredentials.hint(MissingCredentials.excludedIn(catalog, plan.excluded()));
    return error(
        OrchestratorException.Type.NO_CANDIDATES,
        "no eligible route for "
            + plan.model()
            + (why.length() == 0 ? "" : " (excluded: " + why + ")")
            + refusedNote
            + (keys.isEmpty() ? "" : "; to enable routes, " + keys),
        null,
        null);
  }

  private Duration capped(Duration retryAfter) {
    return retryAfter.compareTo(retryAfterCap) <= 0 ? retryAfter : retryAfterCap;
  }

  private Duration askedWait() {
    return askedUntil.values().stream()
        .min(Long::compare)
        .map(until -> Duration.ofNanos(Math.max(0, until - ticker.read())))
        .orElse(null);
  }

  private static Duration earliest(Duration a, Duration b) {
    return a == null ? b : b == null || a.compareTo(b) <= 0 ? a : b;
  }

  private Duration earliestCooldown() {
    long now = ticker.read();
    long best = Long.MAX_VALUE;
    for (Map.Entry<String, HealthMark> e : health.marks().entrySet()) {
      HealthMark m = e.getValue();
      if (m.condition() == RouteCondition.COOLING_DOWN && planned(e.getKey())) {
        best = Math.min(best, m.untilNanos() - now);
      }
    }
    return best == Long.MAX_VALUE ? null : Duration.ofNanos(Math.max(0, best));
  }

  private boolean planned(String route) {
    for (Exclusion x : plan.excluded()) {
      if (x.route().equals(route)) {
        return true;
      }
    }
    return tried.contains(route) || cooled.contains(route);
  }

  private static boolean settled4xx(ProviderFailure f) {
    return f.status() != null && f.status() >= 400 && f.status() < 500 && !f.retryable();
  }

  private static String describe(ProviderFailure f) {
    return (f.status() == null ? "" : f.status() + " ")
        + f.category().wireName()
        + (f.message().isEmpty() ? "" : " (" + f.message() + ")");
  }
}

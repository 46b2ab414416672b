package dev.orchestrator.engine;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.KeyBook;
import dev.orchestrator.engine.internal.AttemptPath;
import dev.orchestrator.engine.internal.FailoverTable;
import dev.orchestrator.engine.internal.FailoverTable.Row;
import dev.orchestrator.engine.plan.Candidate;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.Cancellation;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;

/**
 * One request's failover loop (docs/design.md §5): for each planned candidate, one attempt through
 * the {@link AttemptPath} (admit, dispatch, report), then the decision — retry the same route, fail
 * over, or stop — as a {@link Step} value, recorded in the trace. Every admission is reported
 * exactly once, on every path. In panic mode (too few candidates healthy when the request planned,
 * or none left but a route health sheds after the plan admitted it) the routes short-term health
 * held back are tried too; a route not sent to because health shed or cooled it is waited for when
 * that ends within the deadline — waiting is better than refusing. The request runs on the catalog
 * it planned with, whatever refreshes happen meanwhile. Not thread-safe: one instance per request,
 * on the request's thread.
 */
final class FailoverRun {
  private final AttemptPath path;
  private final RunRecord record;
  private final ChatRequest request;
  private final StreamListener listener;
  private final OrchestratorPolicy policy;
  private final Random random;
  private final HealthStore store;
  private final Cancellation cancel;
  private final Ticker ticker;
  private long largerThan = -1;
  private boolean panic;

  /** The tokens the request asks for, as providers' rate limits count them. */
  private final long tokens;

  /** Routes not sent to because health shed or cooled them, with when that ends (ticker nanos). */
  private final Map<Route, Long> waiting = new LinkedHashMap<>();

  /**
   * Routes the plan admitted that health shed while another candidate could answer: held back until
   * the others are spent, once each.
   */
  private final Set<Route> shedForOthers = new HashSet<>();

  /**
   * Routes this request met with silence, in the order it met them: tried once more, each, after
   * every other way forward is spent — see {@link #secondPass}.
   */
  private final Deque<Route> silentRoutes = new ArrayDeque<>();

  /** The silent routes it takes for a {@link #secondPass}: one alone is that route's fault. */
  private static final int MIN_SILENT_ROUTES = 2;

  /**
   * The route that refused the history's shape and is sent it in the strictest form from then on
   * (docs/design.md §13), or {@code null} before any repair; a request repairs at most once.
   */
  private String repairedRoute;

  /** Whether the second pass over {@link #silentRoutes} has begun (it runs at most once). */
  private boolean secondPassBegun;

  /** The shortest wait before a held-back route is tried again. */
  private static final long MIN_WAIT = Duration.ofMillis(1).toNanos();

  /**
   * The time a wait must leave before the deadline: an attempt sent with less cannot answer, so a
   * request whose every candidate is held back past that ends at once instead of at its deadline.
   */
  private static final long ROOM_AFTER_WAIT = Duration.ofMillis(100).toNanos();

  /**
   * A loop over {@code record}'s plan.
   *
   * @param listener the caller's stream listener, or {@code null} for a whole answer
   * @param random the source of backoff jitter
   */
  FailoverRun(
      AttemptPath path,
      RunRecord record,
      ChatRequest request,
      StreamListener listener,
      OrchestratorPolicy policy,
      Random random) {
    this.path = path;
    this.record = record;
    this.request = request;
    this.listener = listener;
    this.policy = policy;
    this.random = random;
    this.store = path.context().store();
    this.cancel = path.context().cancellation();
    this.ticker = path.context().ticker();
    this.tokens = AttemptPath.tokensAsked(request);
  }

  /** What to do after a failed attempt: the trace's decision and, for a retry, the wait. */
  private record Step(Decision decision, Duration delay, boolean terminal) {
    static final Step FAILOVER = new Step(Decision.FAILOVER, Duration.ZERO, false);

    /** Nothing left that may be tried: the request is exhausted. */
    static final Step EXHAUSTED = new Step(Decision.STOP, Duration.ZERO, false);

    /** The failure is terminal: handed back as itself. */
    static final Step TERMINAL = new Step(Decision.STOP, Duration.ZERO, true);

    /** The route refused the history's shape: sent once more at once, in the strictest form. */
    static final Step REPAIR = new Step(Decision.REPAIR_SAME_ROUTE, Duration.ZERO, false);

    static Step retry(long delayNanos) {
      return new Step(Decision.RETRY_SAME_ROUTE, Duration.ofNanos(delayNanos), false);
    }
  }

  /** Runs the loop to an answer, or throws the request's one {@link OrchestratorException}. */
  ChatResult execute() {
    List<Candidate> candidates = order();
    if (candidates.isEmpty()) {
      throw record.noCandidates();
    }
    for (int i = 0; i < candidates.size(); i++) {
      Route route = candidates.get(i).route();
      if (fitsWindow(route)) {
        Optional<ChatResult> answer = tryRoute(route, candidates, i);
        if (answer.isPresent()) {
          return answer.get();
        }
      }
    }
    // Waiting is better than refusing: the earliest held-back route whose wait fits the deadline.
    while (!waiting.isEmpty()) {
      Map.Entry<Route, Long> next = null;
      for (Map.Entry<Route, Long> e : waiting.entrySet()) {
        next = next == null || e.getValue() - next.getValue() < 0 ? e : next;
      }
      Route route = next.getKey();
      waiting.remove(route);
      long delay = jittered(next.getValue() - ticker.read());
      if (delay < 0 || !fitsWindow(route)) {
        continue;
      }
      record.pause(delay, cancel);
      Optional<ChatResult> answer = tryRoute(route, candidates, indexOf(candidates, route));
      if (answer.isPresent()) {
        return answer.get();
      }
    }
    return secondPass(candidates).orElseThrow(record::exhausted);
  }

  /**
   * Silence from two or more routes, with nothing else left to try, is on that evidence alone as
   * likely the process's own overload (its first-token limits firing in a burst across every route)
   * as each route's fault (docs/design.md §5, ADR 0008): rather than refuse, the routes that met
   * this request with silence are tried once more each (one attempt, no same-route retry), in the
   * order they were met, while the deadline leaves {@link #ROOM_AFTER_WAIT} and each attempt gets a
   * retry from the process-wide budget — so an outage in which every route is silent adds at most
   * the budget's share of load. A route cooled or held for an account state since it was silent is
   * not sent to (as no attempt is). One silent route alone is evidence against that route: it is
   * not tried again.
   */
  private Optional<ChatResult> secondPass(List<Candidate> candidates) {
    if (!secondPassAhead()) {
      return Optional.empty();
    }
    secondPassBegun = true;
    while (!silentRoutes.isEmpty()) {
      Route route = silentRoutes.poll();
      if (!fitsWindow(route)) {
        continue; // a size failure since: only a larger window can help
      }
      if (heldOut(store, record, route.id()) != 0) {
        continue; // cooled or held for an account state since it was silent: never sent through
      }
      if (!record.fits(ROOM_AFTER_WAIT) || !store.tryAcquireRetry()) {
        return Optional.empty();
      }
      Optional<ChatResult> answer = tryRoute(route, candidates, indexOf(candidates, route));
      if (answer.isPresent()) {
        return answer;
      }
    }
    return Optional.empty();
  }

  /**
   * The candidates this request tries: the plan's, or — in panic mode, when fewer than the policy's
   * threshold of the eligible candidates are admissible — every eligible one in plan order, the
   * routes short-term health held back included (a cool-down that outlasts the deadline, or an
   * account state, is no short-term health: that route stays out).
   */
  private List<Candidate> order() {
    Plan plan = record.plan();
    if (plan.admissible() == plan.standby().size() || policy.panicThreshold() == 0) {
      return plan.candidates();
    }
    long remaining = record.remainingNanos();
    List<Candidate> eligible = new ArrayList<>(plan.standby().size());
    for (Candidate c : plan.standby()) {
      String id = c.route().id();
      if (store.cooldownRemaining(id).toNanos() < remaining
          && store.accountStateRemaining(id).isZero()) {
        eligible.add(c);
      }
    }
    if (plan.admissible() >= policy.panicThreshold() * eligible.size()) {
      return plan.candidates();
    }
    panic = true;
    record.panic();
    return eligible;
  }

  /**
   * {@code wait} plus jitter (uniform, up to the smaller of the initial backoff and half the wait),
   * so that requests held back together do not all send at once; {@code -1} when the wait does not
   * leave {@link #ROOM_AFTER_WAIT} before the deadline.
   */
  private long jittered(long wait) {
    long base = Math.max(wait, MIN_WAIT);
    if (!record.fits(base + ROOM_AFTER_WAIT)) {
      return -1;
    }
    long spread = Math.min(policy.retries().backoffInitial().toNanos(), base / 2);
    long delay = base + (long) (random.nextDouble() * spread);
    return record.fits(delay + ROOM_AFTER_WAIT) ? delay : base;
  }

  /**
   * Remembers {@code route}, held back by health for {@code nanos}, to be waited for — unless this
   * request has already sent it an attempt (its failure, not its health, decided the next step).
   */
  private void holdBack(Route route, long nanos) {
    if (!record.wasTried(route.id())) {
      waiting.put(route, ticker.read() + nanos);
    }
  }

  private static int indexOf(List<Candidate> candidates, Route route) {
    for (int i = 0; i < candidates.size(); i++) {
      if (candidates.get(i).route().id().equals(route.id())) {
        return i;
      }
    }
    return candidates.size() - 1;
  }

  /**
   * In panic mode, whether a route the store shed may be sent to anyway. The request's first
   * attempt is its own load, not a retry: it is always sent, so that no request is refused without
   * trying while a route may answer. Every further such dispatch takes a retry from the
   * process-wide budget, so an outage cannot multiply the load on its routes.
   */
  private boolean panicDispatch() {
    return panic && (!record.triedAny() || store.tryAcquireRetry());
  }

  /**
   * {@code route} is not sent to: every key of its provider is {@code out}; waited for in time,
   * unless every key is held for an account state (nothing said when that ends).
   */
  private void limited(Route route, KeyBook.Choice out) {
    record.limited(route.id(), out);
    if (!out.refused()) {
      holdBack(route, out.retryIn().toNanos());
    }
  }

  /**
   * Whether a candidate of this request other than {@code shed} may still answer it: one it has not
   * sent to nor held back, whose window fits, that the store's view marks healthy now and that has
   * a key to send with. Route health may shed a request only while such a candidate is left
   * (docs/design.md §5).
   */
  private boolean anotherAdmissible(Route shed, List<Candidate> candidates) {
    Map<String, HealthMark> marks = store.marks();
    for (Candidate c : candidates) {
      Route other = c.route();
      if (!other.id().equals(shed.id())
          && !record.wasTried(other.id())
          && !waiting.containsKey(other)
          && fitsWindow(other)
          && !marks.containsKey(other.id())
          && path.target(other).flatMap(t -> path.keysOut(t, tokens)).isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code route} is held out now, and so not sent to: by a cool-down, the provider's own
   * word, waited for (when the deadline allows) but never sent through — its remaining nanos; by an
   * account state, not short-term health, neither sent through nor waited for — {@code -1}; by a
   * retirement, likewise {@code -1}; or not at all — zero. A cool-down or an account state is noted
   * in {@code record} for the request's outcome.
   */
  static long heldOut(HealthStore store, RunRecord record, String route) {
    long held = store.cooldownRemaining(route).toNanos();
    if (held <= 0) {
      // Retired since the plan (another request met its 404): not sent that 404 again.
      return store.retired(route) ? -1 : 0;
    }
    if (!store.accountStateRemaining(route).isZero()) {
      record.refused(route);
      return -1;
    }
    if (store.retired(route)) {
      return -1;
    }
    record.cooling(route);
    return held;
  }

  /** Attempts one route until it answers, the request moves on (empty) or stops (thrown). */
  private Optional<ChatResult> tryRoute(Route route, List<Candidate> candidates, int index) {
    Optional<AttemptPath.Target> target = path.target(route);
    if (target.isEmpty()) {
      // Cannot happen with a consistent catalog; never a raw exception out of chat().
      record.unavailable(
          ProviderFailure.of(
              FailureCategory.UNKNOWN,
              false,
              ReachedModel.NO,
              null,
              "no client for provider " + route.provider() + " of the planned catalog"));
      return Optional.empty();
    }
    String id = target.get().routeId();
    while (true) {
      record.checkCancelledAndDeadline(cancel);
      // In panic mode the plan kept routes that cool; out of it, a route the plan admitted may have
      // been cooled or refused since (a concurrent request, another replica). A route this request
      // sent to is not looked at for a cool-down out of panic mode: its same-route retry waited for
      // the wait its own attempt was given. An account state set since (another request's 401)
      // still excludes it: no failure of its own attempt that is retried sets one.
      if (panic || !record.wasTried(id)) {
        long held = heldOut(store, record, id);
        if (held != 0) {
          if (held > 0) {
            holdBack(route, held);
          }
          return Optional.empty();
        }
      } else if (!store.accountStateRemaining(id).isZero()) {
        record.refused(id);
        return Optional.empty();
      }
      Optional<KeyBook.Choice> out = path.keysOut(target.get(), tokens);
      if (out.isPresent()) {
        // Every key of the provider is out (cooling, or at a limit until its reset): the request
        // is not sent where it would 429; the route is waited for if its key returns in time.
        limited(route, out.get());
        return Optional.empty();
      }
      Admission admission = path.admit(target.get());
      if (!admission.dispatch()) {
        boolean othersFirst = false;
        if (!panic && policy.panicThreshold() > 0) {
          // Health shed a route the plan admitted (a concurrent request took its probe, or its
          // breaker opened since the plan). With another candidate to answer, that one goes
          // first and this route is looked at again as soon as the others are spent (once), not
          // at its probe lease's end; with none, health excludes nothing — the request is in
          // panic mode as one planned now would be.
          othersFirst = !shedForOthers.contains(route) && anotherAdmissible(route, candidates);
          if (othersFirst) {
            shedForOthers.add(route);
          } else {
            panic = true;
            record.panic();
          }
        }
        if (panicDispatch()) {
          admission = admission.panic();
        } else {
          record.shed(id, admission.retryIn());
          holdBack(route, othersFirst ? 0 : admission.retryIn().toNanos());
          return Optional.empty();
        }
      }
      long remaining = record.remainingNanos();
      if (remaining <= 0) {
        path.abandon(admission);
        throw record.deadlineExceeded();
      }
      // Counted against the key's declared limits only now that the attempt is sent: a request
      // shed, held back or out of time spends nothing of a limit.
      KeyBook.Choice key = path.chooseKey(target.get(), tokens);
      if (!key.sendable()) {
        // The fleet's count took the last of every key's daily limit since the check.
        path.abandon(admission);
        limited(route, key);
        return Optional.empty();
      }
      int n = record.nextAttempt(id);
      AttemptPath.Sent a =
          path.dispatch(
              admission,
              target.get(),
              key.key(),
              request,
              listener,
              Duration.ofNanos(remaining),
              id.equals(repairedRoute));
      record.tried(id);
      if (a.answered()) {
        record.success(id, n, a.latency(), a.skippedEvents(), a.key());
        return Optional.of(record.result(target.get(), a.response(), a.adapted()));
      }
      ProviderFailure f = a.failure();
      if (continuable(a)) {
        StreamContinuation c =
            new StreamContinuation(path, record, request, listener, route, a.visibleText(), f);
        if (c.possible()) {
          record.attempt(id, n, a, Decision.FAILOVER, Duration.ZERO);
          return Optional.of(c.run());
        }
      }
      if (ranOutTheDeadline(f)) {
        // Its time limits were what the deadline left, and one fired: the request is out of time,
        // on one candidate or many, whole or streamed (ADR 0008).
        record.attempt(id, n, a, Decision.STOP, Duration.ZERO);
        throw record.deadlineExceeded();
      }
      Step step = decide(target.get(), n, a, admission, candidates, index);
      record.attempt(id, n, a, step.decision(), step.delay());
      switch (step.decision()) {
        case RETRY_SAME_ROUTE -> record.pause(step.delay().toNanos(), cancel);
        case REPAIR_SAME_ROUTE -> repairedRoute = id;
        case FAILOVER -> {
          return Optional.empty();
        }
        default -> throw step.terminal() ? record.stopped(id, f) : record.exhausted();
      }
    }
  }

  /**
   * The decision after a failure that did not end in continuation: the same route once more with
   * the strictest history when the route refused the history's shape and that form differs, the
   * same route again when the failure allows it, else the next candidate when the table and the
   * plan allow it, else stop.
   */
  private Step decide(
      AttemptPath.Target target,
      int n,
      AttemptPath.Sent a,
      Admission admission,
      List<Candidate> candidates,
      int index) {
    Route route = target.route();
    ProviderFailure f = a.failure();
    Row row = FailoverTable.rowFor(f.category());
    if (row.repair()
        && f.repairable()
        && repairedRoute == null // once per request
        && a.visibleText().isEmpty()
        && !a.visibleToolCalls()
        && path.repairs(target, request)) { // a settled refusal is never re-sent unchanged
      return Step.REPAIR;
    }
    boolean silent = silent(f, a.latency());
    if (silent && !secondPassBegun && !silentRoutes.contains(route)) {
      silentRoutes.add(route);
    }
    if (row.sameRoute()
        && f.retryable()
        && !silent
        && admission.kind() != Admission.Kind.PROBE // a failed probe fails over
        && admission.kind() != Admission.Kind.PANIC // so does a route health held back
        && !secondPassBegun // the second pass sends each silent route one attempt
        && n <= policy.retries().sameRoute()) {
      OptionalLong delay = retryDelay(route, n, f, hasNext(candidates, index));
      if (delay.isPresent()) {
        return Step.retry(delay.getAsLong());
      }
    }
    boolean mayMove =
        switch (row.next()) {
          case ANY -> true;
          case LARGER_WINDOW -> {
            if (route.contextWindow() != null) {
              largerThan = Math.max(largerThan, route.contextWindow());
            }
            yield true;
          }
          case HETEROGENEOUS_ONLY -> record.plan().pool().heterogeneous();
          case CONTENT_FILTER_POLICY ->
              record.plan().pool().heterogeneous() && policy.failoverOnContentFilter();
          case NEVER -> false;
        };
    if (!mayMove) {
      return Step.TERMINAL;
    }
    return hasNext(candidates, index) ? Step.FAILOVER : Step.EXHAUSTED;
  }

  /**
   * The wait before a same-route retry — within the budget, the deadline, the {@code Retry-After}
   * cap and, in a heterogeneous pool with another candidate left, the pool threshold — or empty
   * when the retry is not waited for (the route is then cooled down as the case requires).
   */
  private OptionalLong retryDelay(Route route, int n, ProviderFailure f, boolean another) {
    Duration asked = f.retryAfter();
    if (asked != null && f.category() == FailureCategory.RATE_LIMITED && anotherKeyServes(route)) {
      // The wait was asked of the attempt's key, and the attempt path cooled that key alone:
      // another of the provider's keys may be sent now, so the route is not waited for.
      long delay = backoff(n);
      return record.fits(delay) && store.tryAcquireRetry()
          ? OptionalLong.of(delay)
          : OptionalLong.empty();
    }
    Duration honoured = policy.retries().capRetryAfter(asked);
    if (asked != null && honoured.compareTo(asked) < 0) {
      // Longer than the cap: not waited for; the route cools for the cap (unless another of its
      // provider's keys still serves: the key alone cooled), the request fails over.
      if (!anotherKeyServes(route)) {
        store.coolDown(route.id(), honoured);
      }
      return OptionalLong.empty();
    }
    if (asked != null
        && another
        && record.plan().pool().heterogeneous()
        && asked.compareTo(policy.retries().poolRetryAfterThreshold()) > 0) {
      // A heterogeneous pool does not spend a long wait on one member: move on; the store cools
      // the route only when the wait is long enough to be a verdict (HealthStore#rateLimited).
      if (!anotherKeyServes(route)) {
        store.rateLimited(route.id(), asked);
      }
      return OptionalLong.empty();
    }
    long delay = asked != null ? asked.toNanos() : backoff(n);
    boolean fits = record.fits(delay);
    if (fits && store.tryAcquireRetry()) {
      return OptionalLong.of(delay);
    }
    if (!fits && asked != null) {
      // The provider asked for more time than this request's deadline leaves: fail over at once;
      // other requests, with more time left, stay admitted unless the wait is a verdict.
      store.rateLimited(route.id(), asked);
    }
    return OptionalLong.empty();
  }

  /**
   * Whether {@code route}'s provider has several keys and one of them may be sent now: a wait asked
   * of one key then cools that key (the attempt path did so), not the route (docs/design.md §5).
   */
  private boolean anotherKeyServes(Route route) {
    return path.target(route)
        .filter(t -> t.provider().keys().size() > 1)
        .map(path::keyAvailable)
        .orElse(false);
  }

  /**
   * Silence is evidence (docs/design.md §5): no status line before the attempt timed out, or before
   * the connection broke after a wait longer than the grace. An immediate reset is not silence.
   */
  private boolean silent(ProviderFailure f, Duration latency) {
    if (f.silent()) {
      return true;
    }
    TransportFault t = f.transportFault();
    boolean brokeWithoutAnswer =
        t == TransportFault.RESET_AFTER_REQUEST
            || t == TransportFault.EOF_BEFORE_RESPONSE
            || t == TransportFault.RESET_BEFORE_RESPONSE;
    return f.status() == null
        && brokeWithoutAnswer
        && latency.compareTo(policy.timeouts().silenceGrace()) >= 0;
  }

  /**
   * Whether an attempt that failed with {@code f} was cut short by the request's deadline: it
   * failed on a time limit (no answer, no first token, a silent stream, a connect) and the deadline
   * has run out since — every limit of an attempt is capped at what the deadline leaves, so the one
   * that fired was the deadline's. A cut after visible output stays {@code stream_interrupted}.
   */
  private boolean ranOutTheDeadline(ProviderFailure f) {
    boolean timeLimit =
        f.category() == FailureCategory.TIMEOUT
            || f.transportFault() == TransportFault.CONNECT_TIMEOUT
                && f.category() == FailureCategory.CONNECTION_FAILED;
    return timeLimit && record.remainingNanos() <= 0;
  }

  /** A cut after visible text only, with continuation on: the stream may be continued. */
  private boolean continuable(AttemptPath.Sent a) {
    return policy.streamContinuation()
        && a.failure().category() == FailureCategory.STREAM_INTERRUPTED
        && listener != null
        && !a.visibleToolCalls()
        && !a.visibleText().isEmpty()
        && !cancel.isCancelled();
  }

  /** Full jitter: uniform in [0, min(max, initial × 2^(n-1))]. */
  private long backoff(int n) {
    long initial = policy.retries().backoffInitial().toNanos();
    long ceiling = initial << Math.min(n - 1, 20);
    ceiling =
        Math.min(policy.retries().backoffMax().toNanos(), ceiling < 0 ? Long.MAX_VALUE : ceiling);
    return ceiling <= 0 ? 0 : (long) (random.nextDouble() * (ceiling + 1));
  }

  /** Whether the {@link #secondPass} has routes left to try (or, before it, would run). */
  private boolean secondPassAhead() {
    return secondPassBegun ? !silentRoutes.isEmpty() : silentRoutes.size() >= MIN_SILENT_ROUTES;
  }

  private boolean fitsWindow(Route route) {
    return largerThan < 0 || route.contextWindow() == null || route.contextWindow() > largerThan;
  }

  /**
   * Whether the request has another way forward after the candidate at {@code index}: a held-back
   * route to wait for, a second pass ahead, or a later candidate it has not sent to whose window
   * fits. A candidate already tried is not one: from the waiting loop or the second pass, the
   * candidates after {@code index} were tried in the first pass (their failures decided).
   */
  private boolean hasNext(List<Candidate> candidates, int index) {
    if (!waiting.isEmpty() || secondPassAhead()) {
      return true;
    }
    for (int j = index + 1; j < candidates.size(); j++) {
      Route next = candidates.get(j).route();
      if (fitsWindow(next) && !record.wasTried(next.id())) {
        return true;
      }
    }
    return false;
  }

  /**
   * The time limits of an attempt on {@code route} under {@code policy}; the first-token limit is
   * the policy's per-route one, else the configuration's for the route, else the default for its
   * reasoning flag.
   */
  static AttemptLimits limits(OrchestratorPolicy policy, Route route) {
    Map<String, Duration> perRoute = policy.timeouts().routeFirstToken();
    Duration firstToken = perRoute.isEmpty() ? null : perRoute.get(route.id());
    if (firstToken == null) {
      firstToken = route.firstTokenTimeout();
    }
    if (firstToken == null) {
      firstToken =
          route.capabilities().contains(Capability.REASONING)
              ? policy.timeouts().firstToken()
              : policy.timeouts().nonReasoningFirstToken();
    }
    return new AttemptLimits(
        policy.timeouts().connect(),
        policy.timeouts().attempt(),
        firstToken,
        policy.timeouts().streamIdle(),
        policy.timeouts().attempt(),
        policy.streamBounds());
  }
}

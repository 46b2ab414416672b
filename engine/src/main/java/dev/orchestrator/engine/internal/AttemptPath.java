package dev.orchestrator.engine.internal;

import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.cost.CostCalculator;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.KeyBook;
import dev.orchestrator.engine.health.Lateness;
import dev.orchestrator.engine.observe.AttemptSample;
import dev.orchestrator.engine.plan.TierGuard;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.tool.ToolExecutionStoppedException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one attempt path (docs/design.md §5): {@link #admit} asks the health store, {@link #dispatch}
 * checks the free-tier boundary, sends, types the outcome and reports it to the store exactly once
 * (also when anything between admission and verdict throws), then applies the failure's account
 * effect — a cooldown never longer than the {@code Retry-After} cap, an account state held for the
 * account cool-down when the provider gave no end, or a retirement — and tells the context's
 * observer what the attempt showed of its route (docs/design.md §14). A time limit that fired while
 * this process itself ran late says nothing about the route, and is reported as such (ADR 0056).
 * What to do next is the caller's decision, made from the returned {@link Sent}. One instance per
 * request (or per preflight check); thread-safe, so a check's probes may share it.
 */
public final class AttemptPath {
  private final AttemptContext ctx;
  private final HealthStore store;
  private final AtomicInteger started = new AtomicInteger();

  /** A path for the attempts of one request. */
  public AttemptPath(AttemptContext ctx) {
    this.ctx = ctx;
    this.store = ctx.store();
  }

  /** What the request's attempts share. */
  public AttemptContext context() {
    return ctx;
  }

  /**
   * A route with its provider and client, ready to be sent to.
   *
   * @param route the route
   * @param provider its provider in the plan's catalog
   * @param client the client that sends to it
   * @param routeId {@code route}'s id, made once for every use of the target ({@link Route#id()}
   *     builds it on each call)
   */
  public record Target(Route route, Provider provider, ProviderClient client, String routeId) {}

  /**
   * The provider and client of {@code route} in the plan's catalog; empty when the catalog has no
   * such provider or no client can be made for it (never a raw exception out of a request).
   */
  public Optional<Target> target(Route route) {
    Optional<Provider> provider = ctx.catalog().provider(route.provider());
    if (provider.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          new Target(route, provider.get(), ctx.clients().clientFor(provider.get()), route.id()));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * Why no key of {@code target}'s provider may carry a request asking about {@code tokens} now
   * ({@link #tokensAsked}), or empty when one may (or the context keeps no key state); a key whose
   * headers left fewer tokens is out for it. Nothing is counted (docs/design.md §5): the check
   * before admission.
   */
  public Optional<KeyBook.Choice> keysOut(Target target, long tokens) {
    return ctx.keys() == null ? Optional.empty() : ctx.keys().out(target.provider(), tokens);
  }

  /**
   * The tokens {@code request} asks a provider for, as rate limits count them: its estimated prompt
   * ({@link ChatRequest#estimatedPromptTokens}) and its output limit, when it sets one.
   */
  public static long tokensAsked(ChatRequest request) {
    Integer out = request.outputTokenLimit();
    return (long) request.estimatedPromptTokens() + (out == null ? 0 : Math.max(0, out));
  }

  /**
   * The key the next attempt on {@code target} is sent with, counted against its declared limits,
   * or why none may be sent (docs/design.md §5); {@link KeyBook.Choice#KEYLESS} when the context
   * keeps no key state; a key whose headers left fewer than the request's {@code tokens} is not
   * chosen. Every call counts: called once an attempt is admitted, just before it is sent.
   */
  public KeyBook.Choice chooseKey(Target target, long tokens) {
    return ctx.keys() == null
        ? KeyBook.Choice.KEYLESS
        : ctx.keys().acquire(target.provider(), tokens);
  }

  /**
   * Whether a key of {@code target}'s provider may be sent now, without counting a request against
   * it (as {@link #chooseKey} does).
   */
  public boolean keyAvailable(Target target) {
    return ctx.keys() == null || ctx.keys().choose(target.provider()).sendable();
  }

  /**
   * Whether {@code request} with its history in the strictest form would reach {@code target}
   * differently from how it was sent ({@link ProviderClient#repairs}); nothing is sent.
   */
  public boolean repairs(Target target, ChatRequest request) {
    Route route = target.route();
    return target
        .client()
        .repairs(
            ProviderCall.of(target.provider(), route, request, ctx.limits().apply(route))
                .withCancellation(ctx.cancellation()));
  }

  /** Step 1: asks the store whether one attempt may be sent to {@code target}'s route. */
  public Admission admit(Target target) {
    return store.admit(target.routeId());
  }

  /** Reports an admission that will not be dispatched after all (nothing was sent). */
  public void abandon(Admission admission) {
    store.report(admission, AttemptHealth.ABANDONED);
  }

  /**
   * The outcome of one dispatched attempt, already reported to the store.
   *
   * @param response the answer, or {@code null} when the attempt failed
   * @param skippedEvents malformed stream events skipped on the way to the answer
   * @param failure the typed failure, or {@code null} when the attempt answered; a cut after
   *     visible output is {@code stream_interrupted}, anything during a cancel {@code cancelled}
   * @param latency how long the attempt took
   * @param health what was reported to the store
   * @param visibleText the text the caller's stream listener received during this attempt
   * @param visibleToolCalls whether the caller's stream listener received a tool call
   * @param adapted what the client adapted of the history for the route (empty when it failed)
   * @param key the name of the key the attempt was sent with, or {@code null} for none
   * @param firstToken the time to the first visible output of a stream, or to the whole answer;
   *     {@code null} when the attempt failed
   * @param toolCallsValid the client's verdict on the answer's tool calls ({@link
   *     AttemptOutcome.Succeeded#toolCallsValid()}); {@code null} when not checked or failed
   * @param localTimeout whether the failure is a time limit of the attempt that fired while this
   *     process ran late ({@link Lateness#explains}): reported {@link AttemptHealth#NEUTRAL}, not
   *     as evidence against the route (docs/design.md §5, ADR 0056)
   */
  public record Sent(
      ChatResponse response,
      int skippedEvents,
      ProviderFailure failure,
      Duration latency,
      AttemptHealth health,
      String visibleText,
      boolean visibleToolCalls,
      List<String> adapted,
      String key,
      Duration firstToken,
      Boolean toolCallsValid,
      boolean localTimeout) {

    /** Whether the attempt answered. */
    public boolean answered() {
      return failure == null;
    }
  }

  /**
   * Steps 2 and 3 for a context that keeps no key state (preflight probes, which go out with each
   * provider's first set key): sends one admitted attempt to {@code target}, reports its health and
   * applies its account effect. A context that keeps key state sends with {@link #chooseKey}'s key
   * through {@link #dispatch(Admission, Target, ApiKey, ChatRequest, StreamListener, Duration,
   * boolean)}, so that no attempt goes out past a key's limits.
   *
   * @param listener the caller's stream listener, or {@code null} for a whole answer
   * @param cap the most time the attempt may take (what the request's deadline leaves)
   * @throws TierGuard.FreeTierViolation if a priced route reached dispatch for a free plan (a bug)
   * @throws IllegalStateException if the context keeps key state (a bug; nothing is sent)
   */
  public Sent dispatch(
      Admission admission,
      Target target,
      ChatRequest request,
      StreamListener listener,
      Duration cap) {
    if (ctx.keys() != null) {
      abandon(admission);
      throw new IllegalStateException(
          "an attempt with key state is sent with the key chooseKey counted, not the first one");
    }
    return dispatch(admission, target, null, request, listener, cap, false);
  }

  /**
   * As {@link #dispatch(Admission, Target, ChatRequest, StreamListener, Duration)}, with {@code
   * key} (from {@link #chooseKey}; {@code null} for the provider's first set key) and the history
   * in its strictest form when {@code strictHistory} (a repair, {@link
   * ProviderCall#strictHistory()}).
   */
  public Sent dispatch(
      Admission admission,
      Target target,
      ApiKey key,
      ChatRequest request,
      StreamListener listener,
      Duration cap,
      boolean strictHistory) {
    Sent sent;
    AttemptHealth reported = AttemptHealth.ABANDONED;
    try {
      sent =
          send(
              target,
              key,
              request,
              listener,
              cap,
              strictHistory,
              admission.kind() == Admission.Kind.PROBE);
      reported = sent.health();
    } finally {
      store.report(admission, reported);
    }
    if (sent.failure() != null) {
      applyAccountEffect(target, key, sent.failure(), sent.health());
    }
    if (sent.health() != AttemptHealth.NEUTRAL && sent.health() != AttemptHealth.ABANDONED) {
      ctx.observer().accept(sample(target, sent));
    }
    return sent;
  }

  private Sent send(
      Target target,
      ApiKey key,
      ChatRequest request,
      StreamListener listener,
      Duration cap,
      boolean strictHistory,
      boolean probe) {
    Route route = target.route();
    // The free boundary, again, at dispatch: a violation is a bug and throws.
    TierGuard.checkDispatch(ctx.plan(), route);
    AttemptLimits limits = ctx.limits().apply(route).cappedAt(cap);
    if (probe && listener != null) {
      limits = probeLimits(limits, store.settings().openMax());
    }
    VisibleOutput visible = listener == null ? null : new VisibleOutput(listener, ctx.ticker());
    ctx.onAttemptStart().accept(target.routeId(), started.incrementAndGet());
    KeyBook keys = key == null ? null : ctx.keys();
    if (keys != null) {
      keys.sent(target.provider(), key);
    }
    ctx.lateness().attemptStarted();
    long t0 = ctx.ticker().read();
    AttemptOutcome outcome;
    try {
      outcome = call(target, key, request, limits, visible, strictHistory);
    } finally {
      ctx.lateness().attemptEnded();
    }
    String keyName = key == null ? null : key.name();
    Duration latency = Duration.ofNanos(ctx.ticker().read() - t0);
    String text = visible == null ? "" : visible.text();
    boolean toolCalls = visible != null && visible.toolCalls();
    if (outcome instanceof AttemptOutcome.Succeeded s) {
      long first = visible == null ? 0 : visible.firstNanos();
      Duration firstToken = first == 0 ? latency : Duration.ofNanos(first - t0);
      return new Sent(
          s.response(),
          s.skippedEvents(),
          null,
          latency,
          AttemptHealth.SUCCESS,
          text,
          toolCalls,
          s.adapted(),
          keyName,
          firstToken,
          s.toolCallsValid(),
          false);
    }
    AttemptOutcome.Failed failed = (AttemptOutcome.Failed) outcome;
    ProviderFailure f = failed.failure();
    boolean cut = failed.visibleOutput() || (visible != null && visible.started());
    if (cut && f.category() != FailureCategory.STREAM_INTERRUPTED) {
      f = f.withCategory(FailureCategory.STREAM_INTERRUPTED, false);
    }
    if (ctx.cancellation().isCancelled()) {
      f = f.withCategory(FailureCategory.CANCELLED, false);
    }
    AttemptHealth health = healthOf(f, cut);
    boolean local =
        (health == AttemptHealth.BREAKER_FAILURE || health == AttemptHealth.STREAM_CUT)
            && processLate(f, limits, latency);
    return new Sent(
        null,
        0,
        f,
        latency,
        local ? AttemptHealth.NEUTRAL : health,
        text,
        toolCalls,
        List.of(),
        keyName,
        null,
        null,
        local);
  }

  /**
   * A streamed probe waits for the status line at most the breaker's open-time cap: a healthy route
   * sends a stream's status line at once (a reasoning model thinks after it), so a probe still
   * waiting after the cap is in a silent route, and the next probe follows it within the cap (the
   * open time counts from the probe's grant). A route back from a silent outage is then used again
   * within the cap plus one request gap, as one back from a failing outage is (ADR 0007, addendum
   * of 2026-12-08). The first-token, idle and total limits stay the route's.
   */
  private static AttemptLimits probeLimits(AttemptLimits l, Duration openMax) {
    if (l.headersTimeout().compareTo(openMax) <= 0) {
      return l;
    }
    return new AttemptLimits(
        l.connectTimeout(), openMax, l.firstTokenTimeout(), l.idleTimeout(), l.total(), l.bounds());
  }

  /**
   * Whether {@code f} is one of the attempt's own time limits — no answer, no first token, a silent
   * stream, before or after visible output — that fired while this process ran late for a large
   * share of it (ADR 0056). The span is the attempt's, or the idle limit for a silent stream; an
   * upstream's timeout status is the route's word.
   */
  private boolean processLate(ProviderFailure f, AttemptLimits limits, Duration latency) {
    if (f.status() != null || f.transportFault() == null) {
      return false;
    }
    Duration span =
        switch (f.transportFault()) {
          case READ_TIMEOUT, FIRST_TOKEN_TIMEOUT -> latency;
          case STREAM_IDLE_TIMEOUT -> limits.idleTimeout();
          default -> null;
        };
    return span != null && ctx.lateness().explains(span);
  }

  private AttemptOutcome call(
      Target target,
      ApiKey key,
      ChatRequest request,
      AttemptLimits limits,
      VisibleOutput visible,
      boolean strictHistory) {
    KeyBook keys = ctx.keys();
    try {
      return target
          .client()
          .send(
              ProviderCall.of(target.provider(), target.route(), request, limits)
                  .withListener(visible)
                  .withCancellation(ctx.cancellation())
                  .withStrictHistory(strictHistory)
                  .withKey(
                      key,
                      key == null || keys == null
                          ? null
                          : seen -> keys.observed(target.provider(), key, seen)));
    } catch (ToolExecutionStoppedException stop) {
      // A fail-closed tool stop raised inside the attempt (an agent backend running tools):
      // terminal, never failed over.
      return new AttemptOutcome.Failed(stop.toProviderFailure(), false);
    } catch (TierGuard.FreeTierViolation e) {
      throw e;
    } catch (RuntimeException e) {
      // A client broke its contract; never let that crash the caller.
      return new AttemptOutcome.Failed(
          ProviderFailure.clientThrew(e), visible != null && visible.started());
    }
  }

  /** The attempt as the observations see it: timings, output tokens, tool-call validity. */
  private static AttemptSample sample(Target target, Sent sent) {
    if (!sent.answered()) {
      return new AttemptSample(
          target.routeId(), sent.failure().category(), null, sent.latency(), 0, null, null);
    }
    ChatResponse r = sent.response();
    Boolean tools = r.toolCalls().isEmpty() ? null : sent.toolCallsValid();
    Route route = target.route();
    return new AttemptSample(
        target.routeId(),
        null,
        sent.firstToken(),
        sent.latency(),
        r.usage().completionTokens(),
        tools,
        costRatio(route, r.usage()));
  }

  /**
   * What {@code usage} cost over its list price (every token at the input or output price), at most
   * 1; {@code null} if unknown.
   */
  private static Double costRatio(Route route, Usage usage) {
    if (route.tier() == Tier.FREE || usage.isNone()) {
      return null;
    }
    BigDecimal paid = CostCalculator.cost(route, usage);
    BigDecimal list = CostCalculator.cost(route, usage.promptTokens(), 0, usage.completionTokens());
    if (paid == null || list == null || list.signum() == 0) {
      return null;
    }
    return Math.min(1, paid.doubleValue() / list.doubleValue());
  }

  /** What a failure says about its route: the failover table's health column (ADR 0007). */
  private AttemptHealth healthOf(ProviderFailure f, boolean cut) {
    if (f.category() == FailureCategory.STREAM_INTERRUPTED) {
      // A cut after output: counted separately; a cancel says nothing about the route.
      return cut ? AttemptHealth.STREAM_CUT : AttemptHealth.NEUTRAL;
    }
    if (ctx.probes() && f.category() == FailureCategory.EMPTY_RESPONSE) {
      return AttemptHealth.NEUTRAL;
    }
    return FailoverTable.rowFor(f.category()).health();
  }

  /**
   * Cooldowns and retirements: account facts, kept apart from the breaker. An account fact sent
   * with one of several keys cools that key; the route cools only when no other key of its provider
   * may be sent now (docs/design.md §5).
   */
  private void applyAccountEffect(
      Target target, ApiKey key, ProviderFailure f, AttemptHealth health) {
    String route = target.routeId();
    Duration retryAfter = ctx.capRetryAfter(f.retryAfter());
    String category = f.category().wireName();
    switch (health) {
      case BREAKER_FAILURE -> {
        if (f.category() == FailureCategory.RATE_LIMITED && retryAfter != null) {
          // A short Retry-After is evidence (the failure counts in the window), a long one cools.
          if (!coolKey(target, key, retryAfter, category, false)) {
            store.rateLimited(route, keysBack(target).orElse(retryAfter));
          }
        }
      }
      case COOL_DOWN -> {
        if (retryAfter != null) {
          // The provider said how long: a cool-down, waited for where it fits a deadline.
          if (!coolKey(target, key, retryAfter, category, false)) {
            store.coolDown(route, keysBack(target).orElse(retryAfter));
          }
        } else if (!coolKey(target, key, ctx.accountCooldown(), category, true)) {
          Optional<Duration> back = keysBack(target);
          if (back.isPresent()) {
            // Another key of the provider is out only for a wait its provider gave: the route is
            // back when that key is, a cool-down, not the account state of this key.
            store.coolDown(route, back.get());
          } else {
            // No end given: an account state for the configured default, never waited for.
            store.accountState(route, ctx.accountCooldown());
          }
        }
      }
      case RETIRE -> store.retire(route, ctx.retiredTtl());
      case SUCCESS, STREAM_CUT, NEUTRAL, ABANDONED -> {}
    }
  }

  /**
   * When the first of {@code target}'s provider's several keys, all of them out now, returns from a
   * wait its provider gave (the route is back then); empty for a provider of one key, or when every
   * key that is out is held for an account state (docs/design.md §5).
   */
  private Optional<Duration> keysBack(Target target) {
    if (ctx.keys() == null || target.provider().keys().size() <= 1) {
      return Optional.empty();
    }
    return ctx.keys()
        .out(target.provider())
        .filter(out -> !out.refused() && out.retryIn() != null)
        .map(KeyBook.Choice::retryIn);
  }

  /**
   * Cools {@code key} (holds it out, for an {@code account} state) when its provider has several;
   * whether another of them still serves (then the route stays up). A provider with one key keeps
   * the route's own account state, as ever.
   */
  private boolean coolKey(Target target, ApiKey key, Duration d, String category, boolean account) {
    if (key == null || ctx.keys() == null || target.provider().keys().size() <= 1) {
      return false;
    }
    KeyBook keys = ctx.keys();
    return account
        ? keys.accountState(target.provider(), key, d, category)
        : keys.coolDown(target.provider(), key, d, category);
  }
}

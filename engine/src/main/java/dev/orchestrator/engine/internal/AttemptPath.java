package dev.orchestrator.engine.internal;

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
import dev.orchestrator.engine.observe.AttemptSample;
import dev.orchestrator.engine.observe.ToolCallCheck;
import dev.orchestrator.engine.plan.TierGuard;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.tool.ToolExecutionStoppedException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one attempt path (docs/design.md §5): {@link #admit} asks the health store, {@link #dispatch}
 * checks the free-tier boundary, sends, types the outcome and reports it to the store exactly once
 * (also when anything between admission and verdict throws), then applies the failure's account
 * effect — a cooldown never longer than the {@code Retry-After} cap, or a retirement — and tells
 * the context's observer what the attempt showed of its route (docs/design.md §14). What to do next
 * is the caller's decision, made from the returned {@link Sent}. One instance per request (or per
 * preflight check); thread-safe, so a check's probes may share it.
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

  /** A route with its provider and client, ready to be sent to. */
  public record Target(Route route, Provider provider, ProviderClient client) {}

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
          new Target(route, provider.get(), ctx.clients().clientFor(provider.get())));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Step 1: asks the store whether one attempt may be sent to {@code route}. */
  public Admission admit(Route route) {
    return store.admit(route.id());
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
   * @param firstToken the time to the first visible output of a stream, or to the whole answer;
   *     {@code null} when the attempt failed
   */
  public record Sent(
      ChatResponse response,
      int skippedEvents,
      ProviderFailure failure,
      Duration latency,
      AttemptHealth health,
      String visibleText,
      boolean visibleToolCalls,
      Duration firstToken) {

    /** Whether the attempt answered. */
    public boolean answered() {
      return failure == null;
    }
  }

  /**
   * Steps 2 and 3: sends one admitted attempt to {@code target}, reports its health and applies its
   * account effect.
   *
   * @param listener the caller's stream listener, or {@code null} for a whole answer
   * @param cap the most time the attempt may take (what the request's deadline leaves)
   * @throws TierGuard.FreeTierViolation if a priced route reached dispatch for a free plan (a bug)
   */
  public Sent dispatch(
      Admission admission,
      Target target,
      ChatRequest request,
      StreamListener listener,
      Duration cap) {
    Sent sent;
    AttemptHealth reported = AttemptHealth.ABANDONED;
    try {
      sent = send(target, request, listener, cap);
      reported = sent.health();
    } finally {
      store.report(admission, reported);
    }
    if (sent.failure() != null) {
      applyAccountEffect(target.route(), sent.failure(), sent.health());
    }
    if (sent.health() != AttemptHealth.NEUTRAL && sent.health() != AttemptHealth.ABANDONED) {
      ctx.observer().accept(sample(target.route(), request, sent));
    }
    return sent;
  }

  private Sent send(Target target, ChatRequest request, StreamListener listener, Duration cap) {
    Route route = target.route();
    // The free boundary, again, at dispatch: a violation is a bug and throws.
    TierGuard.checkDispatch(ctx.plan(), route);
    AttemptLimits limits = ctx.limits().apply(route).cappedAt(cap);
    VisibleOutput visible = listener == null ? null : new VisibleOutput(listener, ctx.ticker());
    ctx.onAttemptStart().accept(route.id(), started.incrementAndGet());
    long t0 = ctx.ticker().read();
    AttemptOutcome outcome = call(target, request, limits, visible);
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
          firstToken);
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
    return new Sent(null, 0, f, latency, healthOf(f, cut), text, toolCalls, null);
  }

  private AttemptOutcome call(
      Target target, ChatRequest request, AttemptLimits limits, VisibleOutput visible) {
    try {
      return target
          .client()
          .send(
              new ProviderCall(
                  target.provider(), target.route(), request, limits, visible, ctx.cancellation()));
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
  private static AttemptSample sample(Route route, ChatRequest request, Sent sent) {
    if (!sent.answered()) {
      return new AttemptSample(
          route.id(), sent.failure().category(), null, sent.latency(), 0, null, null);
    }
    ChatResponse r = sent.response();
    Boolean tools =
        r.toolCalls().isEmpty() ? null : ToolCallCheck.valid(r.toolCalls(), request.tools());
    return new AttemptSample(
        route.id(),
        null,
        sent.firstToken(),
        sent.latency(),
        r.usage().completionTokens(),
        tools,
        costRatio(route, r.usage()));
  }

  /** What {@code usage} cost over its list price without cache reads; {@code null} if unknown. */
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

  /** Cooldowns and retirements: account facts, kept apart from the breaker. */
  private void applyAccountEffect(Route route, ProviderFailure f, AttemptHealth health) {
    Duration retryAfter = ctx.capRetryAfter(f.retryAfter());
    switch (health) {
      case BREAKER_FAILURE -> {
        if (f.category() == FailureCategory.RATE_LIMITED && retryAfter != null) {
          // A short Retry-After is evidence (the failure counts in the window), a long one cools.
          store.rateLimited(route.id(), retryAfter);
        }
      }
      case COOL_DOWN ->
          store.coolDown(route.id(), retryAfter != null ? retryAfter : ctx.accountCooldown());
      case RETIRE -> store.retire(route.id(), ctx.retiredTtl());
      case SUCCESS, STREAM_CUT, NEUTRAL, ABANDONED -> {}
    }
  }
}

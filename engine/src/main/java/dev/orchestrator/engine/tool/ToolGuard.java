package dev.orchestrator.engine.tool;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * Wraps an agent's tool calls: runs the call, and when it fails asks {@link ToolFailureClassifier}
 * what to do. Retries on the same agent only when the decision says a retry is safe, at most {@link
 * Builder#maxRetries(int) maxRetries} times with full-jitter exponential backoff; then, or straight
 * away, answers a {@link ToolOutcome.FailOver} or throws the terminal {@link
 * ToolExecutionStoppedException}. Every decision is published to the audit listeners first.
 *
 * <pre>{@code
 * ToolGuard guard = ToolGuard.builder().maxRetries(2).build();
 * ToolOutcome<String> outcome = guard.run(ToolSpec.idempotent("search"), () -> search.call(query));
 * }</pre>
 *
 * <p>{@link Error}s are not tool failures and propagate unchanged, as does a {@link
 * ToolExecutionStoppedException} thrown by a nested guard (a stop is already decided). When the
 * calling thread is interrupted the guard stops retrying: the interrupt flag is kept and a pending
 * retry becomes a failover. A call that itself throws an interrupt or a cancel ({@link
 * InterruptedException}, {@link java.io.InterruptedIOException}, {@link
 * java.util.concurrent.CancellationException}, an NIO channel's {@link
 * java.nio.channels.ClosedByInterruptException}) has an unknown outcome and is stopped (fail
 * closed), the flag kept.
 *
 * <p>Immutable and thread-safe: one guard may serve every agent of a process.
 */
public final class ToolGuard {

  /** The hard ceiling on same-agent retries (docs/design.md §5). */
  public static final int MAX_RETRIES_CEILING = 4;

  /** The longest accepted backoff. */
  public static final Duration MAX_BACKOFF_CEILING = Duration.ofHours(1);

  private static final System.Logger LOG = System.getLogger(ToolGuard.class.getName());

  private final int maxRetries;
  private final Duration backoffInitial;
  private final Duration backoffMax;
  private final Sleeper sleeper;
  private final RandomGenerator random;
  private final List<ToolAuditListener> listeners;
  private final ToolFailureClassifier classifier;

  private ToolGuard(Builder b) {
    this.maxRetries = b.maxRetries;
    this.backoffInitial = b.backoffInitial;
    this.backoffMax = b.backoffMax;
    this.sleeper = b.sleeper;
    this.random = b.random;
    this.listeners = List.copyOf(b.listeners);
    this.classifier = ToolFailureClassifier.INSTANCE.withRules(b.rules);
  }

  /**
   * A builder with the defaults: 1 retry, backoff 100 ms to 2 s, real sleep, no listeners, no
   * operator rules.
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Runs one tool call under the guard.
   *
   * @param spec the tool and whether its calls are idempotent
   * @param call the call; invoked once, plus once per retry
   * @param <T> the tool's result type
   * @return {@link ToolOutcome.Succeeded} with the value, or {@link ToolOutcome.FailOver} when the
   *     work should move to another agent
   * @throws ToolExecutionStoppedException when the decision fails closed; never carries the
   *     failure's message or cause
   */
  public <T> ToolOutcome<T> run(ToolSpec spec, Callable<? extends T> call) {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(call, "call");
    for (int attempt = 1; ; attempt++) {
      ToolDecision decision;
      String rule;
      try {
        return new ToolOutcome.Succeeded<T>(call.call(), attempt);
      } catch (ToolExecutionStoppedException stop) {
        throw stop;
      } catch (Exception e) {
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
        ToolClassification read = classifier.explain(e, spec);
        decision = read.decision();
        rule = read.rule();
      }
      if (decision.action() == ToolAction.RETRY_SAME_AGENT
          && attempt <= maxRetries
          && !Thread.currentThread().isInterrupted()) {
        Duration delay = backoff(attempt);
        publish(new ToolAuditEvent(spec.name(), spec.idempotent(), attempt, decision, delay, rule));
        if (sleep(delay)) {
          continue;
        }
      }
      decision = decision.retriesExhausted();
      publish(
          new ToolAuditEvent(
              spec.name(), spec.idempotent(), attempt, decision, Duration.ZERO, rule));
      if (decision.action() == ToolAction.FAIL_CLOSED) {
        throw new ToolExecutionStoppedException(spec.name(), decision);
      }
      return new ToolOutcome.FailOver<>(spec.name(), decision, attempt);
    }
  }

  /** Full jitter: uniform in [0, min(max, initial * 2^(attempt-1))]. */
  private Duration backoff(int attempt) {
    long maxNanos = backoffMax.toNanos();
    long initialNanos = backoffInitial.toNanos();
    int shift = attempt - 1;
    long cap = initialNanos > (maxNanos >> shift) ? maxNanos : initialNanos << shift;
    if (cap <= 0) {
      return Duration.ZERO;
    }
    long nanos;
    if (random == null) {
      nanos = ThreadLocalRandom.current().nextLong(cap + 1);
    } else {
      // An injected generator need not be thread-safe (SplittableRandom is not).
      synchronized (random) {
        nanos = random.nextLong(cap + 1);
      }
    }
    return Duration.ofNanos(nanos);
  }

  /** Sleeps; {@code false} when interrupted (the flag is restored). */
  private boolean sleep(Duration delay) {
    if (delay.isZero()) {
      return true;
    }
    try {
      sleeper.sleep(delay);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private void publish(ToolAuditEvent event) {
    for (ToolAuditListener listener : listeners) {
      try {
        listener.onDecision(event);
      } catch (RuntimeException e) {
        // The type only: a listener's message is not ours to vouch for.
        LOG.log(
            System.Logger.Level.WARNING,
            "tool audit listener failed: " + e.getClass().getName() + " (decision unchanged)");
      }
    }
  }

  /** Waits between attempts; injected so tests never sleep on the wall clock. */
  @FunctionalInterface
  public interface Sleeper {

    /**
     * Blocks for {@code duration}.
     *
     * @throws InterruptedException when the thread is interrupted
     */
    void sleep(Duration duration) throws InterruptedException;

    /** {@link Thread#sleep(long, int)}. */
    static Sleeper system() {
      return d -> Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);
    }
  }

  /**
   * Configures a {@link ToolGuard}. Not thread-safe; {@link #build()} copies the configuration, so
   * a built guard never changes.
   */
  public static final class Builder {
    private int maxRetries = 1;
    private Duration backoffInitial = Duration.ofMillis(100);
    private Duration backoffMax = Duration.ofSeconds(2);
    private Sleeper sleeper = Sleeper.system();
    private RandomGenerator random;
    private final List<ToolAuditListener> listeners = new ArrayList<>();
    private List<ToolErrorRule> rules = List.of();

    private Builder() {}

    /**
     * Same-agent retries per call when the decision allows them (default 1).
     *
     * @throws IllegalArgumentException outside 0..{@value ToolGuard#MAX_RETRIES_CEILING}
     */
    public Builder maxRetries(int retries) {
      if (retries < 0 || retries > MAX_RETRIES_CEILING) {
        throw new IllegalArgumentException(
            "maxRetries: " + retries + " (expected: 0.." + MAX_RETRIES_CEILING + ")");
      }
      this.maxRetries = retries;
      return this;
    }

    /**
     * Exponential backoff bounds (default 100 ms, 2 s): before retry {@code n} the guard waits a
     * uniformly random time up to {@code min(max, initial * 2^(n-1))} (full jitter).
     *
     * @throws IllegalArgumentException when {@code initial} is negative, {@code max} is below
     *     {@code initial}, or {@code max} exceeds {@link ToolGuard#MAX_BACKOFF_CEILING}
     */
    public Builder backoff(Duration initial, Duration max) {
      Objects.requireNonNull(initial, "initial");
      Objects.requireNonNull(max, "max");
      if (initial.isNegative()) {
        throw new IllegalArgumentException(
            "backoffInitial: " + initial.toMillis() + " ms (expected: >= 0 ms)");
      }
      if (max.compareTo(initial) < 0) {
        throw new IllegalArgumentException(
            "backoffMax: "
                + max.toMillis()
                + " ms (expected: >= backoffInitial "
                + initial.toMillis()
                + " ms)");
      }
      if (max.compareTo(MAX_BACKOFF_CEILING) > 0) {
        throw new IllegalArgumentException(
            "backoffMax: "
                + max.toMillis()
                + " ms (expected: <= "
                + MAX_BACKOFF_CEILING.toMillis()
                + " ms)");
      }
      this.backoffInitial = initial;
      this.backoffMax = max;
      return this;
    }

    /** How to wait between attempts (default {@link Sleeper#system()}). */
    public Builder sleeper(Sleeper sleeper) {
      this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
      return this;
    }

    /**
     * The jitter source (default {@link ThreadLocalRandom}); a seeded one makes delays
     * reproducible. Access is synchronized, so any generator is fine.
     */
    public Builder random(RandomGenerator random) {
      this.random = Objects.requireNonNull(random, "random");
      return this;
    }

    /**
     * An operator's rules for reading tool failures (a catalog's {@code toolErrors:}, {@code
     * catalog.toolErrorRules()}), first match wins, read before the built-in readings (ADR 0047);
     * default none.
     */
    public Builder rules(List<ToolErrorRule> rules) {
      this.rules = List.copyOf(rules);
      return this;
    }

    /** Adds a listener for every decision. */
    public Builder onDecision(ToolAuditListener listener) {
      listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /** A guard with this configuration. */
    public ToolGuard build() {
      return new ToolGuard(this);
    }
  }
}

package dev.orchestrator.benchmarks.load;

import dev.orchestrator.benchmarks.load.LoopbackUpstream.Action;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A seeded fault mix for the {@link LoopbackUpstream}: each request is a fault with probability
 * {@code rate}, the fault drawn uniformly from {@link #FAULTS}. Deterministic for a seed and a
 * request order; thread-safe. {@link #enabled} switches faults off (warm-up, cool-down).
 */
public final class FaultMix implements LoopbackUpstream.Behaviour {

  /** The faults injected, in equal shares. */
  public static final List<Action> FAULTS =
      List.of(
          Action.SERVER_ERROR,
          Action.UNAVAILABLE,
          Action.RATE_LIMITED,
          Action.RATE_LIMITED_RETRY_AFTER,
          Action.RESET,
          Action.STALL,
          Action.CUT,
          Action.SLOW_FIRST_TOKEN);

  private final double rate;
  private final long seed;
  private final AtomicLong sequence = new AtomicLong();
  private volatile boolean enabled = true;

  /**
   * A mix.
   *
   * @param rate the share of requests that get a fault, 0..1
   * @param seed the random seed
   */
  public FaultMix(double rate, long seed) {
    if (!(rate >= 0 && rate <= 1)) {
      throw new IllegalArgumentException("fault rate: " + rate + " (expected: 0..1)");
    }
    this.rate = rate;
    this.seed = seed;
  }

  /** Turns fault injection on or off. */
  public void enabled(boolean on) {
    this.enabled = on;
  }

  @Override
  public Action next(String routeId, boolean stream) {
    if (!enabled) {
      return Action.OK;
    }
    SplittableRandom r =
        new SplittableRandom(seed ^ (sequence.incrementAndGet() * 0x9E3779B97F4A7C15L));
    if (r.nextDouble() >= rate) {
      return Action.OK;
    }
    return FAULTS.get(r.nextInt(FAULTS.size()));
  }
}
